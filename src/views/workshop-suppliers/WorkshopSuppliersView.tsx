import { Trans, useLingui } from '@lingui/react/macro';
import type { AdditionalSupplier, SupplierRelation } from '../../../common/contracts/suppliers';
import { additionalRef, canEditNumber, relationRef } from '../../../machines/workshop-suppliers.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadError } from '../../ui/LoadError';
import { Pager } from '../../ui/Pager';
import { TextField } from '../../ui/TextField';
import { useWorkshopSuppliers, type WorkshopSuppliersImplementations } from './use-workshop-suppliers';
import * as styles from './workshop-suppliers.css';

function RelationStatus({ relation }: { relation: SupplierRelation }) {
  if (relation.status === 'active') {
    return (
      <span className={styles.badge.active}>
        <Trans>Active — customer number confirmed</Trans>
      </span>
    );
  }
  if (relation.status === 'declined') {
    return (
      <span className={styles.badge.declined}>
        <Trans>Declined by the dealer</Trans>
      </span>
    );
  }
  return relation.on_portal ? (
    <span className={styles.badge.requested}>
      <Trans>Requested — waiting for the dealer to confirm</Trans>
    </span>
  ) : (
    <span className={styles.badge.requested}>
      <Trans>Not on Teileportal yet — the request waits until the dealer joins</Trans>
    </span>
  );
}

/** /suppliers (ADR 022): the workshop's dealers and other suppliers, and adding one from the directory. */
export function WorkshopSuppliersView({ implementations }: { implementations: WorkshopSuppliersImplementations }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const suppliers = useWorkshopSuppliers(implementations);
  const { list, editing, removal, directory, adding } = suppliers;

  const relationRow = (relation: SupplierRelation) => {
    const name = relation.dealer_name;
    return (
      <li key={relation.id} className={styles.item}>
        {relation.logo_url ? <img className={styles.logo} src={relation.logo_url} alt="" /> : null}
        <div className={styles.itemBody}>
          <h3 className={styles.itemTitle}>{name}</h3>
          {relation.city ? <p className={styles.muted}>{relation.city}</p> : null}
          <p>
            <Trans>Customer number: {relation.customer_number}</Trans>
          </p>
          <RelationStatus relation={relation} />
          {relation.status === 'declined' ? (
            <p>
              {relation.decline_reason ? <Trans>Reason given by the dealer: {relation.decline_reason}</Trans> : null}{' '}
              <Trans>Correct the customer number to request the connection again.</Trans>
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          {canEditNumber(relation) ? (
            <Button
              variant="secondary"
              aria-label={t`Edit number: ${name}`}
              onClick={() => suppliers.startEdit(relationRef(relation), relation.customer_number)}
            >
              <Trans>Edit number</Trans>
            </Button>
          ) : null}
          <Button
            variant="ghost"
            aria-label={t`Remove ${name}`}
            onClick={() => suppliers.requestRemoval(relationRef(relation))}
          >
            <Trans>Remove</Trans>
          </Button>
        </div>
      </li>
    );
  };

  const additionalRow = (supplier: AdditionalSupplier) => {
    const name = supplier.name;
    return (
      <li key={supplier.id} className={styles.item}>
        <div className={styles.itemBody}>
          <h3 className={styles.itemTitle}>{name}</h3>
          <p>
            <Trans>Customer number: {supplier.customer_number}</Trans>
          </p>
          <span className={styles.badge.requested}>
            <Trans>Not on Teileportal</Trans>
          </span>
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            aria-label={t`Edit number: ${name}`}
            onClick={() => suppliers.startEdit(additionalRef(supplier), supplier.customer_number)}
          >
            <Trans>Edit number</Trans>
          </Button>
          <Button
            variant="ghost"
            aria-label={t`Remove ${name}`}
            onClick={() => suppliers.requestRemoval(additionalRef(supplier))}
          >
            <Trans>Remove</Trans>
          </Button>
        </div>
      </li>
    );
  };

  const editName = editing?.name ?? '';
  const removalName = removal?.name ?? '';
  const chosenName = adding?.dealer.name ?? '';
  const result = directory.result;
  const foundCount = result?.total ?? 0;

  return (
    <section aria-labelledby="suppliers-title" aria-busy={suppliers.loading}>
      <h1 id="suppliers-title">
        <Trans>Suppliers</Trans>
      </h1>
      <p>
        <Trans>Your dealers confirm the customer number you give them; only then is the connection active.</Trans>
      </p>
      <LoadError message={suppliers.loadError} onRetry={suppliers.retryList} />
      {suppliers.loading ? (
        <p role="status">
          <Trans>Loading your suppliers…</Trans>
        </p>
      ) : null}
      {list ? (
        <>
          <div className={styles.toolbar}>
            <Button onClick={suppliers.openAdd}>
              <Trans>Add a supplier</Trans>
            </Button>
          </div>
          <h2>
            <Trans>Your dealers</Trans>
          </h2>
          {list.relations.length === 0 ? (
            <p>
              <Trans>There are no dealers on your list yet.</Trans>
            </p>
          ) : (
            <ul className={styles.list}>{list.relations.map(relationRow)}</ul>
          )}
          {list.additional.length > 0 ? (
            <>
              <h2>
                <Trans>Suppliers not on Teileportal</Trans>
              </h2>
              <ul className={styles.list}>{list.additional.map(additionalRow)}</ul>
            </>
          ) : null}
        </>
      ) : null}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) suppliers.cancelEdit();
        }}
        title={<Trans>Customer number at {editName}</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={suppliers.cancelEdit} disabled={suppliers.saving}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" form="supplier-number-form" busy={suppliers.saving}>
              <Trans>Save</Trans>
            </Button>
          </>
        }
      >
        <form
          id="supplier-number-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            suppliers.saveEdit();
          }}
        >
          <TextField
            label={<Trans>Customer number</Trans>}
            value={editing?.value ?? ''}
            onValueChange={suppliers.changeEdit}
            error={messageText(editing?.error)}
            autoComplete="off"
          />
        </form>
        {editing?.failure ? <p role="alert">{editing.failure}</p> : null}
      </Dialog>

      <Dialog
        open={removal !== null}
        onOpenChange={(open) => {
          if (!open) suppliers.cancelRemoval();
        }}
        title={<Trans>Remove {removalName}?</Trans>}
        description={<Trans>The supplier is removed from your list. You can add it again later.</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={suppliers.cancelRemoval} disabled={suppliers.removing}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={suppliers.confirmRemoval} busy={suppliers.removing}>
              <Trans>Remove</Trans>
            </Button>
          </>
        }
      >
        {removal?.failure ? <p role="alert">{removal.failure}</p> : null}
      </Dialog>

      <Dialog
        open={suppliers.addOpen}
        onOpenChange={(open) => {
          if (!open) suppliers.closeAdd();
        }}
        title={<Trans>Add a supplier</Trans>}
        actions={
          <Button variant="secondary" onClick={suppliers.closeAdd} disabled={suppliers.submitting}>
            <Trans>Close</Trans>
          </Button>
        }
      >
        {adding ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              suppliers.submit();
            }}
          >
            <p>
              <Trans>Your customer number at {chosenName}:</Trans>
            </p>
            <TextField
              label={<Trans>Customer number</Trans>}
              value={adding.value}
              onValueChange={suppliers.changeNumber}
              error={messageText(adding.error)}
              autoComplete="off"
            />
            {adding.failure ? <p role="alert">{adding.failure}</p> : null}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={suppliers.back} disabled={suppliers.submitting}>
                <Trans>Back to the results</Trans>
              </Button>
              <Button type="submit" busy={suppliers.submitting}>
                <Trans>Send request</Trans>
              </Button>
            </div>
          </form>
        ) : (
          <>
            <div className={styles.filters}>
              <TextField
                label={<Trans>Name</Trans>}
                value={directory.filters.q}
                onValueChange={(value) => suppliers.filter('q', value)}
              />
              <TextField
                label={<Trans>City</Trans>}
                value={directory.filters.city}
                onValueChange={(value) => suppliers.filter('city', value)}
              />
              <TextField
                label={<Trans>Brand</Trans>}
                value={directory.filters.brand}
                onValueChange={(value) => suppliers.filter('brand', value)}
              />
              <TextField
                label={<Trans>Delivery area</Trans>}
                value={directory.filters.area}
                onValueChange={(value) => suppliers.filter('area', value)}
              />
            </div>
            <p role="status" className={styles.muted}>
              {suppliers.searching ? <Trans>Searching…</Trans> : null}
            </p>
            {suppliers.searchFailed ? <LoadError message={directory.error} onRetry={suppliers.retrySearch} /> : null}
            {result ? (
              <>
                {result.items.length === 0 ? (
                  <p>
                    <Trans>No dealer matches your search.</Trans>
                  </p>
                ) : (
                  <ul className={styles.list} aria-label={t`Dealers found`}>
                    {result.items.map((dealer) => {
                      const name = dealer.name;
                      const brands = dealer.brands.join(', ');
                      return (
                        <li key={dealer.part_dealer_id} className={styles.item}>
                          <div className={styles.itemBody}>
                            <h3 className={styles.itemTitle}>{name}</h3>
                            {dealer.city ? <p className={styles.muted}>{dealer.city}</p> : null}
                            {brands ? (
                              <p className={styles.muted}>
                                <Trans>Brands: {brands}</Trans>
                              </p>
                            ) : null}
                            {dealer.delivery_area ? (
                              <p className={styles.muted}>
                                <Trans>Delivers to: {dealer.delivery_area}</Trans>
                              </p>
                            ) : null}
                            {dealer.on_portal ? null : (
                              <p className={styles.muted}>
                                <Trans>Not on Teileportal yet</Trans>
                              </p>
                            )}
                          </div>
                          <div className={styles.actions}>
                            {dealer.related ? (
                              <span className={styles.muted}>
                                <Trans>Already on your list</Trans>
                              </span>
                            ) : (
                              <Button
                                variant="secondary"
                                aria-label={t`Choose ${name}`}
                                onClick={() => suppliers.choose(dealer)}
                              >
                                <Trans>Choose</Trans>
                              </Button>
                            )}
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                )}
                <Pager
                  page={result.page}
                  total={result.total}
                  pageSize={result.page_size}
                  summary={<Trans>{foundCount} dealers</Trans>}
                  onPage={suppliers.goToPage}
                />
              </>
            ) : null}
          </>
        )}
      </Dialog>
    </section>
  );
}
