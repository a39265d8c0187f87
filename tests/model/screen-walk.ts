// What the screens walks (b) share on a screen besides their scaffolding (tests/model/walk-suite.ts,
// which records coverage and holds a busy state's answers until the walk has looked).
import { fireEvent, screen } from '@testing-library/react';

/** The captcha's group on a screen (src/components/captcha-field.tsx). */
export const CAPTCHA = 'Security check';

/**
 * With a captcha shown, the user presses its button and waits until it says it passed: the
 * challenge is solved for real, in the page's solver (on this thread, as jsdom has no workers).
 */
export async function verifyCaptchaOnScreen() {
  const verify = screen.queryByRole('button', { name: 'Verify that I am not a robot' });
  if (!verify) return;
  fireEvent.click(verify);
  // However long the solver takes: Testing Library's wait ceiling (tests/setup/waits.ts).
  await screen.findByText('Verified. You can send the form.');
}
