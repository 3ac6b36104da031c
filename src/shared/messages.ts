/**
 * The one message catalogue. Every text a user can see comes from here,
 * spelled exactly as the product specification spells it (spec §5, §8).
 */
export const messages = {
  // Validation (spec §5)
  requiredFields: 'Please fill in the required fields',
  fillEmailField: 'Please fill in the email field',
  invalidEmail: 'Please enter a valid email address',
  completeCaptcha: 'Please complete the CAPTCHA.',
  captchaFailed: 'CAPTCHA verification failed ❌',
  signupCaptchaFailed: 'CAPTCHA verification failed',
  fieldRequired: 'This field is required',
  selectState: 'Select a state',
  selectTown: 'Select a town',
  uploadImage: 'Please Upload Image',
  selectProfileImage: 'Please select a profile image',
  acceptAgreement: "Please read and accept the rider's agreement",
  passwordsDoNotMatch: 'Passwords do not match',
  emailIsRequired: 'Email is required',
  tooLong: (max: number) => `Please keep this under ${max} characters`,

  // Failures (spec §8)
  submitFailed: 'Something went wrong. Please try again later.',
  somethingWentWrong: 'Something went wrong.',
  tokenExpired: 'Token has expired',
  invalidToken: 'Invalid token',
  chunkLoadFailed: 'Loading chunk failed',
  reloadPage: 'Reload the page',
  uploadImageFailed: 'Failed to upload image',
  errorUpdatingProfile: 'Error updating profile',
  errorUpdatingBio: 'Error updating bio',
  errorUploadingProfileImage: 'Error uploading profile image',
  failedToUploadProfileImage: 'Failed to upload profile image',
  tooManyRequests: (seconds: number) =>
    `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  notFound: 'Not found',
  invalidRequest: 'Invalid request',

  // Successes (spec §8)
  messageSent: 'Your message has been sent! We will get back to you shortly.',
  subscribed: 'You have been subscribed to our newsletter! Thank you for your interest.',
  waitlisted: "You've been added to the waitlist! We will get back to you shortly.",
  verificationCodeSent:
    'Verification code sent. Please check your email and enter the code to continue',
  profileUpdated: 'Profile updated successfully',
  bioUpdated: 'Bio updated successfully',
  personalInfoUpdated: 'Personal info updated successfully',
  profileImageUploaded: 'Profile image uploaded successfully',

  // Accounts (issue 4)
  invalidCredentials: 'Invalid email or password',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooCommon: 'This password is too common. Please choose a different one.',
  resetLinkSent:
    'If an account exists for that email, we have sent it a link to reset the password. Please check your email.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  signInAgain: 'Please log in to continue.',
  loggedOut: 'You have been logged out.',
  googleUnavailable: 'Google sign-in is not available right now. Please log in with your email.',
  googleFailed: 'Google sign-in did not complete. Please try again.',

  // Rider dashboard (issue 6)
  usernameShape: 'Use 3 to 30 letters, numbers, dots, dashes or underscores',
  usernameTaken: 'This username is taken. Please choose another one.',
  invalidPhone: 'Please enter a Nigerian phone number, e.g. 0803 123 4567 or +234 803 123 4567',
  invalidDate: 'Please enter a valid date',
  dateInFuture: 'The date cannot be in the future',
  endBeforeStart: 'The end date cannot be before the start date',
  chooseOption: 'Please choose one of the options',
  documentType: 'Please choose a PDF or an image (JPEG, PNG or WebP)',
  fileTooLarge: (megabytes: number) => `The file is too large. The limit is ${megabytes} MB.`,
  entryNotFound: 'This entry no longer exists. Please reload the page.',
  workHistorySaved: 'Work history saved',
  workHistoryDeleted: 'Work history deleted',
  pastEmployeeSaved: 'Past employee saved',
  pastEmployeeDeleted: 'Past employee deleted',
  errorSavingWorkHistory: 'Error saving work history',
  errorSavingPastEmployee: 'Error saving past employee',
  errorDeleting: 'Error deleting the entry',
  profileLoadFailed: 'We could not load your profile.',
  dataDownloaded: 'Your data has been downloaded',
  dataDownloadFailed: 'Your data could not be downloaded. Please try again.',
  accountDeleted: 'Your account has been deleted. We are sorry to see you go.',
  accountDeleteFailed: 'Your account could not be deleted. Please try again.',
  wrongPassword: 'The password is not correct',
  passwordToConfirm: 'Please enter your password to confirm',
  googleReauthNeeded: 'For your safety, please sign in with Google again, then delete your account within 10 minutes.',
  profileLinkCopied: 'Link to your public profile copied',
  profileLinkCopyFailed: 'Could not copy the link. Copy it from the address bar of your public profile.',
  documentUnavailable: 'This document could not be opened. Please try again.',

  // Rider sign-up wizard (issue 5)
  emailTaken: 'An account with this email already exists. Please log in instead.',
  riderSignupOnly: 'Only riders can sign up here for now.',
  enterCode: 'Please enter the 4-digit code from your email',
  codeIncorrect: (triesLeft: number) =>
    triesLeft > 0
      ? `That code is not correct. You have ${triesLeft} more ${triesLeft === 1 ? 'try' : 'tries'}.`
      : 'That code is not correct. Please request a new code.',
  codeExpired: 'This code has expired. Please request a new one.',
  codeUsedUp: 'Too many wrong tries. Please request a new code.',
  resendWait: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another code.`,
  emailVerified: 'Your email address is verified.',
  emailAlreadyVerified: 'Your email address is already verified.',
  verifyEmailFirst: 'Please verify your email address first.',
  chooseLocationFirst: 'Please choose your location first.',
  unknownState: 'Select a state from the list',
  unknownTown: (state: string) => `Select a town in ${state} from the list`,
  locationSaved: 'Location saved',
  pictureSkipped: 'You can add a profile picture later from your dashboard.',
  imageType: 'Please choose a JPEG, PNG or WebP image',
  imageTooLarge: 'The image is too large. The limit is 8 MB.',
  imageTooManyPixels: 'The image is too large. Please choose a photo of at most 50 megapixels.',
  imageUnreadable: 'This image could not be read. Please choose another one.',
  agreementAccepted: "Welcome aboard! Your rider's profile is ready.",
  signupProgressFailed: 'We could not load your sign-up progress.',
  tryAgain: 'Try again',

  // Screens
  pageNotFound: '404 Page Not Found',
  unexpectedError: 'Unexpected Application Error!',
  submitting: 'Submitting...',
  captchaPlaceholder: 'A quick check that you are human appears here once you start.',
  welcomeBack: (username: string) =>
    `Welcome back ${username}, Please complete your profile to continue`,

  // ── Operations console (issue 11): sign-in and staff ──
  opsTitle: 'Operations console',
  opsSignInHeading: 'Staff sign-in',
  opsSignIn: 'Sign in',
  opsCodeHeading: 'Enter your 6-digit code',
  opsCodeHelp: 'Open your authenticator app and type the code it shows for Ogba Dispatch.',
  opsCodeLabel: 'Authentication code',
  opsCodeInvalid: 'That code is not right or was used already. Wait for a new one and try again.',
  opsUseRecoveryCode: 'Use a recovery code instead',
  opsUseAuthenticator: 'Use your authenticator app instead',
  opsRecoveryCodeLabel: 'Recovery code',
  opsRecoveryCodeInvalid: 'That recovery code is not right or was used already.',
  opsEnrolHeading: 'Set up your second factor',
  opsEnrolHelp:
    'Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis), then type the 6-digit code it shows.',
  opsEnrolManualKey: 'Or type this key:',
  opsRecoveryCodesHeading: 'Save your recovery codes',
  opsRecoveryCodesHelp:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  opsRecoveryCodesDone: 'I have saved these codes',
  opsSessionExpired: 'Your sign-in has expired. Please sign in again.',
  opsSignOut: 'Sign out',
  opsSetPasswordHeading: 'Set your password',
  opsSetPassword: 'Set password',
  opsPasswordSet: 'Your password is set. Sign in to set up your second factor.',
  opsLinkInvalid: 'This link has expired or was used already. Ask an admin for a new one.',
  opsConfirmRequired: 'Confirm with your password or a fresh code from your authenticator app',
  opsConfirmFailed: 'That password or code is not right',
  opsConfirmLabel: 'Your password or a fresh 6-digit code',
  opsStaffHeading: 'Staff',
  opsStaffInvited: (email: string) => `An invitation was sent to ${email}`,
  opsStaffRemoved: (email: string) => `${email} was removed and signed out everywhere`,
  opsStaffExists: 'This address already belongs to a staff member',
  opsStaffNotYourself: 'You cannot remove yourself',
  opsRoleAdmin: 'Admin',
  opsRoleDispatcher: 'Dispatcher',
  opsSaved: 'Saved',
  opsLoadFailed: 'This list could not be loaded.',
  opsEmpty: 'Nothing here yet',
  opsLoadMore: 'Load more',
  opsSearchLabel: 'Search',

  // ── Operations console: inbox ──

  // ── Operations console: waitlist and invitations ──

  // ── Operations console: riders and ID review ──

  // ── Operations console: newsletter ──

  // ── Operations console: audit log ──
} as const;

export type Messages = typeof messages;
