import { showSnackBar } from './window-events';

/** The snackbar calls every flow's notifySuccess / notifyFailure actions make (docs/product.md §8). */
export const notify = {
  success(message: string | undefined) {
    if (message) showSnackBar({ message, success: true });
  },
  failure(message: string) {
    showSnackBar({ message, error: true });
  },
};
