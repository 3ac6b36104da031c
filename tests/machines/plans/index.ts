/**
 * Every machine with its test plan: the machine object and its texts, in one list for
 * tests/machines/plans.test.ts, scripts/paths.mjs and the Storybook diagrams. Browser-safe: the
 * machines and the plan files import no test code.
 */
import type { AnyStateMachine } from 'xstate';
import { authMachine } from '../../../machines/kit/authMachine';
import { bookingMachine } from '../../../machines/deliveries/bookingMachine';
import { jobMachine } from '../../../machines/deliveries/jobMachine';
import { availabilityMachine } from '../../../machines/deliveries/availabilityMachine';
import { deliveryMachine } from '../../../machines/deliveries/deliveryMachine';
import { captchaPassMachine } from '../../../machines/kit/captchaPassMachine';
import { companySignupMachine } from '../../../machines/companies/companySignupMachine';
import { dashboardMachine } from '../../../machines/profile/dashboardMachine';
import { engagementMachine } from '../../../machines/hiring/engagementMachine';
import { formMachine } from '../../../machines/kit/formMachine';
import { dispatchBoardMachine } from '../../../machines/ops/dispatchBoardMachine';
import { dispatchBoardPlan } from './dispatchBoardMachine.plan';
import { idReviewMachine } from '../../../machines/ops/idReviewMachine';
import { inboxItemMachine } from '../../../machines/ops/inboxItemMachine';
import { rateCardMachine } from '../../../machines/ops/rateCardMachine';
import { pagedListMachine } from '../../../machines/kit/pagedListMachine';
import { rowActionMachine } from '../../../machines/kit/rowActionMachine';
import { opsSignInMachine } from '../../../machines/ops/opsSignInMachine';
import { profileEditMachine } from '../../../machines/profile/profileEditMachine';
import { profileMachine } from '../../../machines/profile/profileMachine';
import { reviewWindowMachine } from '../../../machines/reviews/reviewWindowMachine';
import { riderReviewsMachine } from '../../../machines/riders/riderReviewsMachine';
import { apiKeysMachine } from '../../../machines/companies/apiKeysMachine';
import { companyDeliveriesMachine } from '../../../machines/deliveries/companyDeliveriesMachine';
import { riderSearchMachine } from '../../../machines/search/riderSearchMachine';
import { agreementStep } from '../../../machines/signup/agreementStep';
import { locationStep } from '../../../machines/signup/locationStep';
import { pictureStep } from '../../../machines/signup/pictureStep';
import { verifyStep } from '../../../machines/kit/verifyStep';
import { signupMachine } from '../../../machines/signup/signupMachine';
import { apiKeysPlan } from './apiKeysMachine.plan';
import { companyDeliveriesPlan } from './companyDeliveriesMachine.plan';
import { authPlan } from './authMachine.plan';
import { bookingPlan } from './bookingMachine.plan';
import { jobPlan } from './jobMachine.plan';
import { availabilityPlan } from './availabilityMachine.plan';
import { deliveryPlan } from './deliveryMachine.plan';
import { captchaPassPlan } from './captchaPassMachine.plan';
import { companySignupPlan } from './companySignupMachine.plan';
import { dashboardPlan } from './dashboardMachine.plan';
import { engagementPlan } from './engagementMachine.plan';
import { formPlan } from './formMachine.plan';
import { idReviewPlan } from './idReviewMachine.plan';
import { inboxItemPlan } from './inboxItemMachine.plan';
import { rateCardPlan } from './rateCardMachine.plan';
import { pagedListPlan } from './pagedListMachine.plan';
import { rowActionPlan } from './rowActionMachine.plan';
import { opsSignInPlan } from './opsSignInMachine.plan';
import { profileEditPlan } from './profileEditMachine.plan';
import { profilePlan } from './profileMachine.plan';
import { reviewWindowPlan } from './reviewWindowMachine.plan';
import { riderReviewsPlan } from './riderReviewsMachine.plan';
import { riderSearchPlan } from './riderSearchMachine.plan';
import { signupAgreementPlan } from './signupAgreementStep.plan';
import { signupLocationPlan } from './signupLocationStep.plan';
import { signupPlan } from './signupMachine.plan';
import { signupPicturePlan } from './signupPictureStep.plan';
import { signupVerifyPlan } from './signupVerifyStep.plan';
import type { MachinePlan } from './types';

export interface PlannedMachine {
  machine: AnyStateMachine;
  plan: MachinePlan;
}

/** In the order of the index (docs/test-plans/README.md): the public site, the rider, the company, the console. */
export const plannedMachines: PlannedMachine[] = [
  { machine: authMachine, plan: authPlan },
  { machine: captchaPassMachine, plan: captchaPassPlan },
  { machine: formMachine, plan: formPlan },
  { machine: bookingMachine, plan: bookingPlan },
  { machine: signupMachine, plan: signupPlan },
  { machine: verifyStep, plan: signupVerifyPlan },
  { machine: locationStep, plan: signupLocationPlan },
  { machine: pictureStep, plan: signupPicturePlan },
  { machine: agreementStep, plan: signupAgreementPlan },
  { machine: profileMachine, plan: profilePlan },
  { machine: jobMachine, plan: jobPlan },
  { machine: availabilityMachine, plan: availabilityPlan },
  { machine: deliveryMachine, plan: deliveryPlan },
  { machine: profileEditMachine, plan: profileEditPlan },
  { machine: dashboardMachine, plan: dashboardPlan },
  { machine: companySignupMachine, plan: companySignupPlan },
  { machine: apiKeysMachine, plan: apiKeysPlan },
  { machine: riderSearchMachine, plan: riderSearchPlan },
  { machine: riderReviewsMachine, plan: riderReviewsPlan },
  { machine: companyDeliveriesMachine, plan: companyDeliveriesPlan },
  { machine: engagementMachine, plan: engagementPlan },
  { machine: reviewWindowMachine, plan: reviewWindowPlan },
  { machine: opsSignInMachine, plan: opsSignInPlan },
  { machine: pagedListMachine, plan: pagedListPlan },
  { machine: rowActionMachine, plan: rowActionPlan },
  { machine: idReviewMachine, plan: idReviewPlan },
  { machine: inboxItemMachine, plan: inboxItemPlan },
  { machine: rateCardMachine, plan: rateCardPlan },
  { machine: dispatchBoardMachine, plan: dispatchBoardPlan },
];

export type { MachinePlan, StatePlan } from './types';
