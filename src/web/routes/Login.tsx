import { Placeholder } from './Placeholder';

export default function Login() {
  return <Placeholder title="Login" />;
}
