/**
 * A company's saved addresses: a Lagos place it books from or to often, chosen on the booking
 * screen to fill the pickup or the drop-off. Its fields follow the booking's own rules for a
 * Lagos end (the area of the list, the street address, the landmark, the person there, and a
 * drop-off's optional recipient e-mail), so a saved address always fills a booking that passes them.
 */
import { oneLine, lagosEndSpecs, recipientEmailSpec } from './booking';
import { lagosAreaField } from './fields';
import { deliveryMessages } from './messages';
import { defineForm, field, required, type FormValues } from '../validation';

/** Enough for a shop's branches and regular customers; a list longer than this is not read. */
export const SAVED_ADDRESSES_MAX = 20;
export const SAVED_ADDRESS_LABEL_MAX = 60;

export const savedAddressForm = defineForm('deliverySavedAddress', {
  label: field({ rules: [required(deliveryMessages.savedAddresses.enterLabel), oneLine], maxLength: SAVED_ADDRESS_LABEL_MAX, required: true }),
  area: lagosAreaField(),
  address: lagosEndSpecs.address,
  landmark: lagosEndSpecs.landmark,
  contact_name: lagosEndSpecs.contact_name,
  contact_phone: lagosEndSpecs.contact_phone,
  contact_email: recipientEmailSpec,
});

export type SavedAddressValues = FormValues<typeof savedAddressForm>;

/** A saved address as the API answers it (the phone as stored, +234…; the e-mail lower-cased, empty when none). */
export interface SavedAddress {
  id: string;
  label: string;
  state: 'Lagos';
  area: string;
  address: string;
  landmark: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  created_at: string;
}

export interface SavedAddressListResponse {
  addresses: SavedAddress[];
}
