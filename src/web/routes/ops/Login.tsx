/** Console screen: built by issue 11's Login work. */
export default function OpsLogin() {
  return <h1>Login</h1>;
}
