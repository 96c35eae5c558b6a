import { fuzzEndpointGroup } from '../support/fuzz-endpoints';

/** Issue 7 §1 and ADR 038: the fuzz of the workshop's suppliers, dealer leads, the administrator's organisations, the dealer's organisation and customers (tests/support/fuzz-endpoints.ts). */
fuzzEndpointGroup('organisations');
