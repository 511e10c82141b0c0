import type { Rng } from './random';

// prettier-ignore
export const FIRST_NAMES = [
  'Thandiwe', 'Sipho', 'Lerato', 'Johan', 'Annelie', 'Priya', 'Ayesha', 'Mohammed', 'Nomvula', 'Pieter',
  'Zanele', 'Kagiso', 'Lindiwe', 'Themba', 'Naledi', 'Bongani', 'Mpho', 'Refilwe', 'Tshepo', 'Karabo',
  'Sarah', 'Michael', 'David', 'Jessica', 'Chantelle', 'Riaan', 'Werner', 'Elmarie', 'Fatima', 'Yusuf',
  'Anathi', 'Lwazi', 'Nandi', 'Siyabonga', 'Palesa', 'Kamogelo', 'Busisiwe', 'Xolani', 'Ntombi', 'Vusi',
  'Megan', 'Ruan', 'Liezl', 'Hendrik', 'Candice', 'Shaun', 'Nicole', 'Keegan', 'Tamryn', 'Jaco',
  'Kavitha', 'Rajesh', 'Nadia', 'Zaid', 'Amahle', 'Lethabo', 'Onalenna', 'Boitumelo', 'Dineo', 'Mandla',
] as const;

// prettier-ignore
export const SURNAMES = [
  'Nkosi', 'Dlamini', 'Ndlovu', 'Mokoena', 'Khumalo', 'van der Merwe', 'Botha', 'Naidoo', 'Pillay', 'Smith',
  'Jacobs', 'Williams', 'Mahlangu', 'Sithole', 'Zulu', 'Mthembu', 'Pretorius', 'du Plessis', 'Govender', 'Adams',
  'Petersen', 'Coetzee', 'Venter', 'Mabaso', 'Molefe', 'Tshabalala', 'Ngcobo', 'Fourie', 'Nel', 'Kruger',
  'Hendricks', 'Moodley', 'Cele', 'Baloyi', 'Maluleke', 'Shabalala', 'Steyn', 'Joubert', 'Meyer', 'Patel',
  'Le Roux', 'Swanepoel', 'Radebe', 'Mkhize', 'Gumede', 'Booysen', 'Daniels', 'Isaacs', 'Chetty', 'Reddy',
] as const;

// prettier-ignore
export const GIFT_MESSAGES = [
  'Happy birthday! Love, Mom', 'Thinking of you', 'Congratulations on the new baby!', 'Happy anniversary, my love',
  'Get well soon, we miss you at the office', 'With deepest sympathy', 'Thank you for everything',
  'Welcome to the team!', 'Just because I love you', 'Congratulations on your graduation!',
  'Happy Mother\'s Day to the best mom in the world', 'Sorry I missed your big day. Big hugs!',
  'Baie geluk met jou verjaarsdag!', 'Halala! Congratulations on the new job', 'Happy Valentine\'s Day xx',
  'Wishing you a speedy recovery', 'You are my sunshine', 'To many more years together',
] as const;

// prettier-ignore
export const SYMPATHY_MESSAGES = [
  'With deepest sympathy from all of us', 'Forever in our hearts', 'Rest in peace. With love, the family',
  'Our thoughts and prayers are with you', 'Lala ngoxolo', 'Sincere condolences from your colleagues',
] as const;

// prettier-ignore
export const ORDER_NOTES = [
  'Please call the recipient before delivery', 'Leave at reception if nobody answers', 'Gate code 1234#',
  'Deliver after 2pm please', 'Surprise! Do not call ahead', 'Complex has a guard house, ask for unit number',
  'Recipient works night shift, deliver after 11am', 'Beware of the dogs', 'Deliver to the hospital ward 4B',
] as const;

// prettier-ignore
export const RETURN_REASONS = [
  'Damaged on delivery', 'Wrong item delivered', 'Flowers wilted within a day', 'Recipient not available',
  'Late delivery', 'Not as pictured',
] as const;

export function personName(rng: Rng): { first: string; last: string } {
  return { first: rng.pick(FIRST_NAMES), last: rng.pick(SURNAMES) };
}

/** An address on the reserved `.example` domain, so no demo email can reach a real mailbox. */
export function emailFor(first: string, last: string, domain: string, n?: number): string {
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]+/g, '');
  return `${local}${n === undefined ? '' : String(n)}@${domain}`;
}
