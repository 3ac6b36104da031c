/** Console screen: built by issue 11's InboxItem work. */
export default function OpsInboxItem() {
  return <h1>InboxItem</h1>;
}
