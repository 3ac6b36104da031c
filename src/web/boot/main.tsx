import '../kit/styles.css';
import { startApp } from './start';

// The entry of the screens the server sends as an empty shell (the signed-in ones, sign-in,
// sign-up): nothing to show until the app runs, so it runs at once. Prerendered pages start
// through staged.ts instead.
startApp();
