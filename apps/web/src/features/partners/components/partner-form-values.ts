import { BANK_FIELDS, DEFAULT_COUNTRY, partnerProfileBody } from '@bloomline/contract';
import type { Partner, PartnerCreateBody, PartnerType, SaturdayMode } from '@bloomline/contract';

import { fractionValue, moneyText, moneyValue, percentText } from '@/ui';

/** The form's state: partnerUpdateBody's fields as the inputs hold them (text, or a number being typed). */
export type PartnerFormValues = {
  name: string;
  vatNumber: string;
  partnerType: PartnerType;
  rating: number | string;
  radius: number | string;
  address1: string;
  address2: string;
  address3: string;
  province_id: string | null;
  city_id: string | null;
  location_id: string | null;
  country: string;
  postalCode: string;
  latitude: number | string;
  longitude: number | string;
  ownerName: string;
  ownerEmail: string;
  ownerPhone: string;
  businessEmail: string;
  businessPhone: string;
  /** As typed ('75,50'), shown back as 'R 75,50'. */
  wholesaleDeliveryFee: string;
  avbobSalesChannel: boolean;
  webSalesSalesChannel: boolean;
  inStoreSalesChannel: boolean;
  b2bSalesChannel: boolean;
  bank_name: string;
  branch_code: string;
  account_name: string;
  account_number: string;
  account_type: string;
  /** As typed, a percentage ('22,5 %'); sent as the fraction (0.225). */
  commission: string;
  enabled: boolean;
  saturday: SaturdayMode;
};

const idText = (id: number | null | undefined) => (id === null || id === undefined ? null : String(id));

/** The record's values, or a new partner's: the defaults of part 2, point 9. */
export function toFormValues(p?: Partner): PartnerFormValues {
  return {
    name: p?.name ?? '',
    vatNumber: p?.vatNumber ?? '',
    partnerType: p?.partnerType ?? 'florist',
    rating: p?.rating ?? 5,
    radius: p?.radius ?? 15,
    address1: p?.address1 ?? '',
    address2: p?.address2 ?? '',
    address3: p?.address3 ?? '',
    province_id: idText(p?.province_id),
    city_id: idText(p?.city_id),
    location_id: idText(p?.location_id),
    country: p?.country ?? DEFAULT_COUNTRY,
    postalCode: p?.postalCode ?? '',
    latitude: p?.latitude ?? '',
    longitude: p?.longitude ?? '',
    ownerName: p?.ownerName ?? '',
    ownerEmail: p?.ownerEmail ?? '',
    ownerPhone: p?.ownerPhone ?? '',
    businessEmail: p?.businessEmail ?? '',
    businessPhone: p?.businessPhone ?? '',
    wholesaleDeliveryFee: moneyText(p?.wholesaleDeliveryFee ?? 0),
    avbobSalesChannel: p?.avbobSalesChannel ?? true,
    webSalesSalesChannel: p?.webSalesSalesChannel ?? true,
    inStoreSalesChannel: p?.inStoreSalesChannel ?? true,
    b2bSalesChannel: p?.b2bSalesChannel ?? true,
    bank_name: p?.bank_name ?? '',
    branch_code: p?.branch_code ?? '',
    account_name: p?.account_name ?? '',
    account_number: p?.account_number ?? '',
    account_type: p?.account_type ?? '',
    commission: percentText(p?.commission ?? 0.25),
    enabled: p?.enabled ?? true,
    saturday: p?.saturday ?? 'open',
  };
}

export const numberOrNull = (v: number | string) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The fields a partner user's profile sends: never a staff-only one. */
export const PROFILE_FIELDS = Object.keys(partnerProfileBody.shape) as (keyof PartnerFormValues)[];

/**
 * What is sent: every field for staff, the profile's for a partner user. A blank coordinate is null. The bank
 * fields go only with `bank` (a new partner, by staff with the payouts permission): an existing partner's are
 * changed on its page's bank section, under four eyes (issue 46).
 */
export function toRequest(values: PartnerFormValues, profile: boolean, bank = !profile): PartnerCreateBody {
  const sent: Partial<PartnerFormValues> = { ...values };
  if (!bank) for (const field of BANK_FIELDS) delete sent[field];
  const all: PartnerCreateBody = {
    ...sent,
    name: values.name,
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    wholesaleDeliveryFee: moneyValue(values.wholesaleDeliveryFee),
    commission: fractionValue(values.commission),
  };
  if (!profile) return all;
  // The name is one of the profile's fields.
  return { name: all.name, ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, all[field]])) };
}
