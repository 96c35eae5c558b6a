import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PartOrigin } from '../../../common/contracts/claims';

/** Where an ordered part came from: the OE number asked for, or an equivalent part (another number). */
export const claimOriginText: Record<PartOrigin, MessageDescriptor> = {
  oe: msg`OE part`,
  equivalent: msg`Equivalent part`,
};
