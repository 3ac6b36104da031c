/** Console screen: built by issue 11's Inbox work. */
export default function OpsInbox() {
  return <h1>Inbox</h1>;
}
