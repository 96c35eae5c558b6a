import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { tokenSearchParam } from '../../../../common/contracts/fields';
import {
  dropWarmOrderFileWorker,
  readOrderFileInWorker,
  warmOrderFileWorker,
} from '../../../upload/read-order-file-in-worker';
import { createOrderUploadImplementations } from '../../../views/order-upload/use-order-upload';
import { NewInquiryView } from '../../../views/workshop-inquiries/NewInquiryView';
import { newInquiryDraftStore } from '../../../views/workshop-inquiries/new-inquiry-draft';
import { createNewInquiryImplementations } from '../../../views/workshop-inquiries/use-new-inquiry';

/** `punchin`: the token of a DMS punch-in link (ADR 034); it survives the login redirect with the rest of the address. */
const searchSchema = v.object({ punchin: tokenSearchParam });

/** A new inquiry (issue 13); the form is kept as a draft in the browser, per user, until it is sent. */
export const Route = createFileRoute('/_authenticated/inquiries/new')({
  validateSearch: (search) => v.parse(searchSchema, search),
  component: NewInquiryRoute,
});

function NewInquiryRoute() {
  const { api, storage, user } = Route.useRouteContext();
  const { punchin } = Route.useSearch();
  // Read once: the machine redeems it when the form opens, then the address drops it.
  const [punchInToken] = useState(() => punchin ?? null);
  const navigate = Route.useNavigate();
  const [drafts] = useState(() => newInquiryDraftStore(storage.local, user.id));
  const [draft] = useState(() => drafts.read());
  const [implementations] = useState(() =>
    createNewInquiryImplementations({
      suppliers: api.workshopSuppliers,
      inquiries: api.workshopInquiries,
      drafts,
      showInquiry: (inquiryId) =>
        void navigate({ to: '/inquiries/$inquiryId', params: { inquiryId: String(inquiryId) }, replace: true }),
      forgetPunchInLink: () => void navigate({ to: '/inquiries/new', search: {}, replace: true }),
      leaveTo: (url) => window.location.assign(url),
    }),
  );
  const [orderUpload] = useState(() =>
    // Issue 14: the parser runs in a Web Worker; the saved layouts come from the workshop service.
    createOrderUploadImplementations({
      readOrderFile: readOrderFileInWorker,
      layouts: api.uploadLayouts,
      prepareReader: () => warmOrderFileWorker(),
      releaseReader: dropWarmOrderFileWorker,
    }),
  );
  return (
    <NewInquiryView
      implementations={implementations}
      draft={draft}
      orderUpload={orderUpload}
      punchInToken={punchInToken}
    />
  );
}
