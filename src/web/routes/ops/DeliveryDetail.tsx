/** /ops/deliveries/$id: the board (the parent route) draws the delivery beside its list; nothing of its own here. */
export default function OpsDeliveryDetail() {
  return null;
}
