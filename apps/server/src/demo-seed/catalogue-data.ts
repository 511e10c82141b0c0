/** The demo catalogue: components with wholesale prices (cents, excl VAT) and the products made of them. */

export const COLOURS = [
  'Red',
  'White',
  'Pink',
  'Yellow',
  'Purple',
  'Orange',
  'Mixed',
  'Green',
  'Blue',
  'Cream',
  'Clear',
  'Brown',
] as const;

// [name, short code]
export const MEASURE_UNITS = [
  ['Stem', 'st'],
  ['Bunch', 'bn'],
  ['Each', 'ea'],
  ['Gram', 'g'],
  ['Bottle', 'btl'],
  ['Pot', 'pt'],
] as const;

// [quantity, measure unit short code]
export const COMPONENT_UNITS = [
  ['1', 'st'],
  ['10', 'st'],
  ['1', 'bn'],
  ['1', 'ea'],
  ['250', 'g'],
  ['1', 'btl'],
  ['1', 'pt'],
] as const;

export type Kind = 'flower' | 'greenery' | 'container' | 'gift' | 'service';

// [name, wholesale cents, unit "qty short", colour (colourless items: Clear, Brown or Mixed), kind]
// prettier-ignore
export const COMPONENTS: readonly (readonly [string, number, string, string, Kind])[] = [
  ['Red rose', 1250, '1 st', 'Red', 'flower'],
  ['White rose', 1250, '1 st', 'White', 'flower'],
  ['Pink rose', 1250, '1 st', 'Pink', 'flower'],
  ['Yellow rose', 1250, '1 st', 'Yellow', 'flower'],
  ['Spray rose', 900, '1 st', 'Pink', 'flower'],
  ['King protea', 6500, '1 st', 'Pink', 'flower'],
  ['Pincushion protea', 2200, '1 st', 'Orange', 'flower'],
  ['Blushing bride', 1800, '1 st', 'Cream', 'flower'],
  ['Oriental lily', 2800, '1 st', 'White', 'flower'],
  ['Stargazer lily', 3000, '1 st', 'Pink', 'flower'],
  ['Carnation', 600, '1 st', 'Mixed', 'flower'],
  ['Gerbera', 800, '1 st', 'Orange', 'flower'],
  ['Sunflower', 1400, '1 st', 'Yellow', 'flower'],
  ['Spray chrysanthemum', 1100, '1 st', 'Mixed', 'flower'],
  ['Alstroemeria', 1000, '1 st', 'Purple', 'flower'],
  ['Tulip', 1800, '1 st', 'Purple', 'flower'],
  ['Phalaenopsis orchid', 18000, '1 pt', 'White', 'flower'],
  ['Hydrangea', 3500, '1 st', 'Blue', 'flower'],
  ['Lisianthus', 1500, '1 st', 'Purple', 'flower'],
  ['Leucadendron', 900, '1 st', 'Red', 'flower'],
  ['Gypsophila', 4500, '1 bn', 'White', 'greenery'],
  ['Eucalyptus', 3500, '1 bn', 'Green', 'greenery'],
  ['Fynbos mix', 6000, '1 bn', 'Mixed', 'greenery'],
  ['Ruscus', 2500, '1 bn', 'Green', 'greenery'],
  ['Pittosporum', 2800, '1 bn', 'Green', 'greenery'],
  ['Statice', 3000, '1 bn', 'Purple', 'greenery'],
  ['Waxflower', 3800, '1 bn', 'Pink', 'greenery'],
  ['Glass vase', 8500, '1 ea', 'Clear', 'container'],
  ['Ceramic pot', 9500, '1 ea', 'White', 'container'],
  ['Hat box', 7500, '1 ea', 'Pink', 'container'],
  ['Gift box', 4500, '1 ea', 'Mixed', 'container'],
  ['Wicker basket', 11000, '1 ea', 'Brown', 'container'],
  ['Floral foam brick', 1800, '1 ea', 'Green', 'container'],
  ['Kraft wrapping', 900, '1 ea', 'Brown', 'container'],
  ['Satin ribbon', 500, '1 ea', 'Red', 'container'],
  ['Belgian chocolates', 9500, '250 g', 'Brown', 'gift'],
  ['Chocolate slab', 4200, '1 ea', 'Brown', 'gift'],
  ['Teddy bear', 12000, '1 ea', 'Cream', 'gift'],
  ['Sparkling wine', 13500, '1 btl', 'Clear', 'gift'],
  ['Rooibos tea tin', 6500, '1 ea', 'Red', 'gift'],
  ['Biscotti jar', 5500, '1 ea', 'Clear', 'gift'],
  ['Greeting card', 1800, '1 ea', 'Mixed', 'gift'],
  ['Helium balloon', 3500, '1 ea', 'Mixed', 'gift'],
  ['Delivery', 6000, '1 ea', 'Mixed', 'service'],
];

// [name, default markup, default auto update, rebate]
export const PROFIT_CENTRES = [
  ['Web', '1.1000', true, '0.0000'],
  ['AVBOB', '0.9000', true, '0.0500'],
  ['In-store', '0.8000', false, '0.0000'],
  ['Corporate', '1.0000', true, '0.1000'],
  ['Wholesale', '0.3500', false, '0.0000'],
] as const;
export type ProfitCentreName = (typeof PROFIT_CENTRES)[number][0];

export type ProductType = 'Bouquet' | 'Arrangement' | 'Hamper' | 'Plant' | 'Funeral';

export interface ProductData {
  title: string;
  type: ProductType;
  description: string;
  /** [component name, quantity in the standard size] */
  parts: readonly (readonly [string, number])[];
  /** Which profit centre's rates the variants are priced from. */
  centre: ProfitCentreName;
  status?: 'active' | 'draft' | 'archived';
  sizes?: 1 | 2 | 3;
}

const wrap = [
  ['Kraft wrapping', 1],
  ['Satin ribbon', 1],
] as const;

// prettier-ignore
export const PRODUCTS: readonly ProductData[] = [
  { title: 'Classic Dozen Red Roses', type: 'Bouquet', centre: 'Web', description: 'Twelve long-stemmed red roses with gypsophila, hand-tied.', parts: [['Red rose', 12], ['Gypsophila', 0.5], ...wrap] },
  { title: 'Blush Pink Rose Bouquet', type: 'Bouquet', centre: 'Web', description: 'Pink roses and spray roses with silver-dollar eucalyptus.', parts: [['Pink rose', 10], ['Spray rose', 5], ['Eucalyptus', 0.5], ...wrap] },
  { title: 'Sunshine Sunflowers', type: 'Bouquet', centre: 'Web', description: 'Seven cheerful sunflowers with ruscus greenery.', parts: [['Sunflower', 7], ['Ruscus', 0.5], ...wrap] },
  { title: 'Cape Fynbos Bouquet', type: 'Bouquet', centre: 'Web', description: 'Pincushions, leucadendron and seasonal fynbos from the Cape.', parts: [['Fynbos mix', 1], ['Pincushion protea', 3], ['Leucadendron', 5], ...wrap] },
  { title: 'King Protea Statement', type: 'Bouquet', centre: 'Web', description: 'Our national flower, framed by pincushions and eucalyptus.', parts: [['King protea', 1], ['Leucadendron', 4], ['Pincushion protea', 2], ['Eucalyptus', 0.5], ...wrap] },
  { title: 'Pastel Garden Bouquet', type: 'Bouquet', centre: 'Web', description: 'Soft lisianthus, spray roses, waxflower and statice.', parts: [['Lisianthus', 5], ['Spray rose', 5], ['Waxflower', 0.5], ['Statice', 0.5], ...wrap] },
  { title: 'Lily Elegance', type: 'Bouquet', centre: 'Web', description: 'Fragrant white oriental lilies with eucalyptus.', parts: [['Oriental lily', 5], ['Eucalyptus', 0.5], ...wrap] },
  { title: 'Stargazer Surprise', type: 'Bouquet', centre: 'Web', description: 'Stargazer lilies with carnations in matching tones.', parts: [['Stargazer lily', 5], ['Carnation', 6], ...wrap] },
  { title: 'Gerbera Rainbow', type: 'Bouquet', centre: 'Web', description: 'A dozen bright gerberas with gypsophila.', parts: [['Gerbera', 12], ['Gypsophila', 0.5], ...wrap] },
  { title: 'Tulip Love', type: 'Bouquet', centre: 'Web', description: 'Ten imported tulips, simply wrapped.', parts: [['Tulip', 10], ...wrap] },
  { title: 'Mixed Seasonal Bouquet', type: 'Bouquet', centre: 'Web', description: "The florist's choice of the week's freshest flowers.", parts: [['Spray chrysanthemum', 5], ['Carnation', 5], ['Alstroemeria', 5], ['Pittosporum', 0.5], ...wrap] },
  { title: 'White Roses & Gypsophila', type: 'Bouquet', centre: 'Web', description: 'Pure white roses in a cloud of gypsophila.', parts: [['White rose', 12], ['Gypsophila', 1], ...wrap] },
  { title: 'Roses in a Glass Vase', type: 'Arrangement', centre: 'Web', description: 'Eighteen red roses arranged in a glass vase.', parts: [['Red rose', 18], ['Glass vase', 1], ['Ruscus', 0.5]] },
  { title: 'Hat Box of Roses', type: 'Arrangement', centre: 'Web', description: 'Pink roses packed into a keepsake hat box.', parts: [['Pink rose', 20], ['Hat box', 1], ['Floral foam brick', 1]] },
  { title: 'Orchid in Ceramic Pot', type: 'Plant', centre: 'Web', sizes: 1, description: 'A double-stem phalaenopsis orchid in a white pot.', parts: [['Phalaenopsis orchid', 1], ['Ceramic pot', 1]] },
  { title: 'Hydrangea Table Arrangement', type: 'Arrangement', centre: 'Web', description: 'Blue hydrangeas and eucalyptus in a glass vase.', parts: [['Hydrangea', 3], ['Glass vase', 1], ['Eucalyptus', 0.5]] },
  { title: 'Yellow Rose Box', type: 'Arrangement', centre: 'Web', sizes: 2, description: 'Sunny yellow roses in a gift box.', parts: [['Yellow rose', 16], ['Gift box', 1], ['Floral foam brick', 1]] },
  { title: 'Protea Basket', type: 'Arrangement', centre: 'Web', description: 'King and pincushion proteas with fynbos in a basket.', parts: [['King protea', 2], ['Pincushion protea', 4], ['Fynbos mix', 1], ['Wicker basket', 1], ['Floral foam brick', 1]] },
  { title: 'Chocolate & Roses Hamper', type: 'Hamper', centre: 'Web', sizes: 2, description: 'Red roses and Belgian chocolates in a wicker basket.', parts: [['Red rose', 6], ['Belgian chocolates', 1], ['Wicker basket', 1], ['Satin ribbon', 1]] },
  { title: 'Bubbly Celebration Hamper', type: 'Hamper', centre: 'Web', sizes: 1, description: 'Sparkling wine, chocolate and spray roses.', parts: [['Sparkling wine', 1], ['Chocolate slab', 2], ['Spray rose', 5], ['Wicker basket', 1]] },
  { title: 'Teddy & Blooms', type: 'Hamper', centre: 'Web', sizes: 1, description: 'A soft teddy bear with six pink roses.', parts: [['Teddy bear', 1], ['Pink rose', 6], ...wrap] },
  { title: 'Rooibos Comfort Hamper', type: 'Hamper', centre: 'Web', sizes: 1, description: 'Rooibos tea, biscotti and chocolate: a proudly South African pick-me-up.', parts: [['Rooibos tea tin', 1], ['Biscotti jar', 1], ['Chocolate slab', 1], ['Wicker basket', 1]] },
  { title: 'Sweet Treats Box', type: 'Hamper', centre: 'Web', sizes: 1, description: 'Chocolates, biscotti and a card in a gift box.', parts: [['Belgian chocolates', 1], ['Biscotti jar', 1], ['Gift box', 1], ['Greeting card', 1]] },
  { title: 'Birthday Balloon Bouquet', type: 'Bouquet', centre: 'Web', sizes: 2, description: 'Gerberas with three helium balloons.', parts: [['Helium balloon', 3], ['Gerbera', 6], ...wrap] },
  { title: 'Sympathy Wreath', type: 'Funeral', centre: 'AVBOB', description: 'A wreath of white roses and lilies on foam.', parts: [['White rose', 12], ['Oriental lily', 4], ['Ruscus', 1], ['Floral foam brick', 2]] },
  { title: 'Casket Spray', type: 'Funeral', centre: 'AVBOB', description: 'White roses, lilies and gypsophila for the casket.', parts: [['White rose', 24], ['Oriental lily', 6], ['Gypsophila', 1], ['Floral foam brick', 2]] },
  { title: 'Sympathy Lily Arrangement', type: 'Funeral', centre: 'AVBOB', description: 'Lilies and chrysanthemums in a glass vase.', parts: [['Oriental lily', 6], ['Spray chrysanthemum', 5], ['Glass vase', 1]] },
  { title: 'Condolence Basket', type: 'Funeral', centre: 'AVBOB', sizes: 2, description: 'Chrysanthemums and carnations in a basket.', parts: [['Spray chrysanthemum', 8], ['Carnation', 6], ['Wicker basket', 1], ['Floral foam brick', 1]] },
  { title: 'Reception Arrangement', type: 'Arrangement', centre: 'Corporate', description: 'A weekly lobby arrangement of lilies and hydrangeas.', parts: [['Oriental lily', 6], ['Hydrangea', 3], ['Ruscus', 1], ['Ceramic pot', 1]] },
  { title: 'Corporate Desk Orchid', type: 'Plant', centre: 'Corporate', sizes: 1, description: 'A potted orchid with a branded card.', parts: [['Phalaenopsis orchid', 1], ['Ceramic pot', 1], ['Greeting card', 1]] },
  { title: 'Easter Tulip Special', type: 'Bouquet', centre: 'Web', status: 'draft', sizes: 1, description: 'Pastel tulips for Easter weekend.', parts: [['Tulip', 15], ...wrap] },
  { title: 'Heritage Day Protea', type: 'Bouquet', centre: 'Web', status: 'archived', sizes: 1, description: 'A single king protea for Heritage Day.', parts: [['King protea', 1], ['Kraft wrapping', 1]] },
];

export const SIZES = [
  ['Standard', 1, 'S'],
  ['Deluxe', 1.5, 'D'],
  ['Grand', 2, 'G'],
] as const;
