/** South Africa's nine provinces, cities with their real centres, and suburbs at approximate real points. */

export const PROVINCES = [
  'Gauteng',
  'Western Cape',
  'KwaZulu-Natal',
  'Eastern Cape',
  'Free State',
  'Limpopo',
  'Mpumalanga',
  'Northern Cape',
  'North West',
] as const;
export type Province = (typeof PROVINCES)[number];

/** [name, latitude, longitude, postal code] */
export type SuburbData = readonly [string, number, number, string];

export interface CityData {
  name: string;
  province: Province;
  lat: number;
  lon: number;
  /** Landline area code without the leading 0. */
  areaCode: string;
  /** Relative share of the orders delivered here. */
  weight: number;
  suburbs: readonly SuburbData[];
}

// prettier-ignore
export const CITIES: readonly CityData[] = [
  {
    name: 'Johannesburg', province: 'Gauteng', lat: -26.2041, lon: 28.0473, areaCode: '11', weight: 18,
    suburbs: [
      ['Sandton', -26.1076, 28.0567, '2196'], ['Rosebank', -26.1452, 28.0436, '2196'],
      ['Randburg', -26.0936, 28.0064, '2194'], ['Soweto', -26.2485, 27.854, '1804'],
      ['Melville', -26.175, 28.008, '2092'], ['Fourways', -26.0205, 28.011, '2191'],
      ['Parkhurst', -26.138, 28.018, '2193'], ['Bryanston', -26.056, 28.023, '2191'],
      ['Midrand', -25.999, 28.1263, '1685'],
    ],
  },
  {
    name: 'Cape Town', province: 'Western Cape', lat: -33.9249, lon: 18.4241, areaCode: '21', weight: 16,
    suburbs: [
      ['Gardens', -33.934, 18.411, '8001'], ['Sea Point', -33.918, 18.387, '8005'],
      ['Green Point', -33.905, 18.407, '8005'], ['Observatory', -33.938, 18.472, '7925'],
      ['Rondebosch', -33.96, 18.473, '7700'], ['Claremont', -33.984, 18.465, '7708'],
      ['Constantia', -34.027, 18.421, '7806'], ['Muizenberg', -34.108, 18.47, '7945'],
      ['Bellville', -33.9003, 18.6292, '7530'], ['Durbanville', -33.832, 18.647, '7550'],
      ['Table View', -33.821, 18.488, '7441'],
    ],
  },
  {
    name: 'Durban', province: 'KwaZulu-Natal', lat: -29.8587, lon: 31.0218, areaCode: '31', weight: 10,
    suburbs: [
      ['Umhlanga', -29.7257, 31.0849, '4319'], ['Morningside', -29.826, 31.008, '4001'],
      ['Berea', -29.85, 31.0, '4001'], ['Glenwood', -29.87, 30.99, '4001'],
      ['Westville', -29.833, 30.93, '3629'], ['Durban North', -29.793, 31.035, '4051'],
      ['Musgrave', -29.844, 31.0, '4001'],
    ],
  },
  {
    name: 'Pretoria', province: 'Gauteng', lat: -25.7479, lon: 28.2293, areaCode: '12', weight: 10,
    suburbs: [
      ['Hatfield', -25.7487, 28.238, '0083'], ['Brooklyn', -25.77, 28.237, '0181'],
      ['Menlyn', -25.7825, 28.2775, '0181'], ['Waterkloof', -25.78, 28.245, '0181'],
      ['Lynnwood', -25.768, 28.28, '0081'], ['Centurion', -25.8601, 28.1891, '0157'],
      ['Montana', -25.68, 28.26, '0182'],
    ],
  },
  {
    name: 'Gqeberha', province: 'Eastern Cape', lat: -33.9608, lon: 25.6022, areaCode: '41', weight: 5,
    suburbs: [
      ['Summerstrand', -33.998, 25.665, '6001'], ['Walmer', -33.98, 25.58, '6070'],
      ['Newton Park', -33.945, 25.565, '6045'], ['Mill Park', -33.955, 25.585, '6001'],
      ['Lorraine', -33.97, 25.51, '6070'],
    ],
  },
  {
    name: 'East London', province: 'Eastern Cape', lat: -33.0153, lon: 27.9116, areaCode: '43', weight: 3,
    suburbs: [
      ['Vincent', -32.995, 27.9, '5247'], ['Beacon Bay', -32.96, 27.95, '5241'],
      ['Nahoon', -32.988, 27.934, '5241'], ['Gonubie', -32.939, 28.022, '5256'],
    ],
  },
  {
    name: 'Bloemfontein', province: 'Free State', lat: -29.0852, lon: 26.1596, areaCode: '51', weight: 4,
    suburbs: [
      ['Westdene', -29.108, 26.208, '9301'], ['Universitas', -29.115, 26.188, '9321'],
      ['Langenhovenpark', -29.08, 26.155, '9330'], ['Bayswater', -29.075, 26.24, '9301'],
    ],
  },
  {
    name: 'Polokwane', province: 'Limpopo', lat: -23.9045, lon: 29.4689, areaCode: '15', weight: 3,
    suburbs: [
      ['Bendor', -23.885, 29.485, '0699'], ['Flora Park', -23.92, 29.455, '0699'],
      ['Ivy Park', -23.915, 29.475, '0699'], ['Westenburg', -23.908, 29.43, '0699'],
    ],
  },
  {
    name: 'Mbombela', province: 'Mpumalanga', lat: -25.4753, lon: 30.9694, areaCode: '13', weight: 3,
    suburbs: [
      ['Sonheuwel', -25.478, 30.98, '1201'], ['West Acres', -25.455, 30.945, '1201'],
      ['Riverside Park', -25.43, 30.97, '1200'], ['Steiltes', -25.49, 30.99, '1201'],
    ],
  },
  {
    name: 'Kimberley', province: 'Northern Cape', lat: -28.7282, lon: 24.7499, areaCode: '53', weight: 2,
    suburbs: [
      ['Belgravia', -28.74, 24.765, '8301'], ['Monument Heights', -28.75, 24.74, '8301'],
      ['Royldene', -28.755, 24.76, '8301'],
    ],
  },
  {
    name: 'Pietermaritzburg', province: 'KwaZulu-Natal', lat: -29.6006, lon: 30.3794, areaCode: '33', weight: 3,
    suburbs: [
      ['Scottsville', -29.617, 30.395, '3201'], ['Hilton', -29.55, 30.3, '3245'],
      ['Montrose', -29.585, 30.35, '3201'], ['Wembley', -29.592, 30.363, '3201'],
    ],
  },
  {
    name: 'Stellenbosch', province: 'Western Cape', lat: -33.9321, lon: 18.8602, areaCode: '21', weight: 3,
    suburbs: [
      ['Dalsig', -33.945, 18.856, '7600'], ['Die Boord', -33.95, 18.845, '7600'],
      ['Uniepark', -33.92, 18.875, '7600'], ['Paradyskloof', -33.96, 18.87, '7600'],
    ],
  },
  {
    name: 'Rustenburg', province: 'North West', lat: -25.6676, lon: 27.2421, areaCode: '14', weight: 2,
    suburbs: [
      ['Cashan', -25.65, 27.26, '0299'], ['Safari Gardens', -25.69, 27.23, '0299'],
      ['Geelhoutpark', -25.68, 27.27, '0299'],
    ],
  },
  {
    name: 'George', province: 'Western Cape', lat: -33.963, lon: 22.4617, areaCode: '44', weight: 2,
    suburbs: [
      ['Heatherpark', -33.97, 22.48, '6529'], ['Blanco', -33.945, 22.41, '6529'],
      ['King George Park', -33.96, 22.455, '6529'], ['Denneoord', -33.97, 22.45, '6529'],
    ],
  },
  {
    name: 'Potchefstroom', province: 'North West', lat: -26.7145, lon: 27.097, areaCode: '18', weight: 2,
    suburbs: [
      ['Die Bult', -26.695, 27.095, '2531'], ['Van der Hoff Park', -26.705, 27.065, '2531'],
      ['Baillie Park', -26.68, 27.08, '2531'],
    ],
  },
  {
    name: 'Benoni', province: 'Gauteng', lat: -26.1885, lon: 28.3208, areaCode: '11', weight: 3,
    suburbs: [
      ['Lakefield', -26.18, 28.295, '1501'], ['Farrarmere', -26.175, 28.315, '1501'],
      ['Northmead', -26.165, 28.325, '1501'], ['Rynfield', -26.155, 28.34, '1501'],
    ],
  },
  {
    name: 'Richards Bay', province: 'KwaZulu-Natal', lat: -28.7807, lon: 32.0383, areaCode: '35', weight: 2,
    suburbs: [
      ['Meerensee', -28.785, 32.085, '3901'], ['Arboretum', -28.76, 32.06, '3900'],
      ['Birdswood', -28.77, 32.03, '3900'],
    ],
  },
  {
    name: 'Knysna', province: 'Western Cape', lat: -34.0363, lon: 23.0471, areaCode: '44', weight: 1,
    suburbs: [
      ['Leisure Isle', -34.065, 23.055, '6571'], ['Paradise', -34.03, 23.04, '6571'],
    ],
  },
  {
    name: 'Mahikeng', province: 'North West', lat: -25.856, lon: 25.6403, areaCode: '18', weight: 1,
    suburbs: [
      ['Riviera Park', -25.845, 25.635, '2745'], ['Golf View', -25.86, 25.625, '2745'],
    ],
  },
  {
    name: 'Upington', province: 'Northern Cape', lat: -28.4478, lon: 21.2561, areaCode: '54', weight: 1,
    suburbs: [
      ['Keidebees', -28.44, 21.24, '8801'], ['Dakota', -28.455, 21.265, '8801'],
    ],
  },
  {
    name: 'Welkom', province: 'Free State', lat: -27.9774, lon: 26.7351, areaCode: '57', weight: 1,
    suburbs: [
      ['Flamingo Park', -27.965, 26.72, '9459'], ['Doorn', -27.985, 26.745, '9459'],
    ],
  },
  {
    name: 'Mthatha', province: 'Eastern Cape', lat: -31.5889, lon: 28.7844, areaCode: '47', weight: 1,
    suburbs: [
      ['Southernwood', -31.595, 28.78, '5100'], ['Northcrest', -31.575, 28.785, '5100'],
    ],
  },
];

// prettier-ignore
export const STREETS = [
  'Main', 'Church', 'Jan Smuts', 'Oxford', 'Beach', 'Long', 'Voortrekker', 'Nelson Mandela', 'Kloof',
  'Rivonia', 'Louis Botha', 'Victoria', 'Queen', 'Marine', 'Protea', 'Jacaranda', 'Acacia', 'Bluegum',
  'Oak', 'Sunset', 'Kingfisher', 'Fish Eagle', 'Impala', 'Disa', 'Vygie', 'Aloe', 'Baobab', 'Mimosa',
  'Park', 'Station', 'Hill', 'Fairway', 'Musgrave', 'Florida', 'Albertyn', 'Steenbok', 'Highveld',
] as const;
export const STREET_KINDS = ['Street', 'Road', 'Avenue', 'Drive', 'Crescent', 'Lane', 'Close'] as const;
// prettier-ignore
export const COMPLEXES = [
  'Sunset Villas', 'Protea Gardens', 'Ocean View', 'The Willows', 'Silver Oaks', 'Fynbos Estate',
  'Jacaranda Court', 'Acacia Park', 'Kingfisher Mews', 'Baobab Heights',
] as const;
