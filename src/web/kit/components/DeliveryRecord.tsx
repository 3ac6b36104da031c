/**
 * The one way the delivery record is shown in the app: the dashboard, search results and the
 * company's rider page ("148 deliveries · 96% on time · 4.8 from 121 ratings"). The
 * server-rendered public page uses the same format. Nothing at all before the first delivery.
 */
import { formatDeliveryRecord, type DeliveryRecordFigures } from '../../../shared/deliveries/record';

export function DeliveryRecordLine({ record, className }: { record: Partial<DeliveryRecordFigures> | null | undefined; className?: string }) {
  const text = formatDeliveryRecord(record);
  if (text === null) return null;
  return <p className={className ? `delivery-record ${className}` : 'delivery-record'}>{text}</p>;
}
