import { createActor, fromCallback } from 'xstate';
import { type CaptchaReport, captchaMachine } from '../../machines/captcha.machine';

/**
 * The captcha as a form spawns it, with a stand-in form that records what the captcha reports;
 * `answer()` is what a form that keeps the latest report holds.
 */
export function startReportingCaptcha() {
  const reports: CaptchaReport[] = [];
  const form = createActor(
    fromCallback<CaptchaReport>(({ receive }) => receive((report) => void reports.push(report))),
  ).start();
  const captcha = createActor(captchaMachine, { parent: form }).start();
  const answer = () => {
    const last = reports.at(-1);
    return last?.type === 'captcha.solved' ? last.answer : null;
  };
  return { captcha, reports, answer };
}
