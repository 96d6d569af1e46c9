// The Library page (/library, docs/product-rules.md#library-page): everything the member made, newest first, with filters
// by kind and tool, a search box, a virtualised grid with infinite scroll, Open, Send to and Delete (confirmed).
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, ConfirmDialog, Spinner, useStoreState } from '@act/host-sdk';
import {
  LIBRARY_PATH,
  LIBRARY_TEXTS,
  PRODUCT_NAME,
  SUPPORT_ROLE,
  UI_TEXTS,
  type LibraryItem,
} from '@act/contracts';
import { useMember } from '../../app/use-member';
import { useServices } from '../../app/services-context';
import { PageMeta } from '../../seo/page-meta';
import { DashboardHeader } from '../dashboard/dashboard-header';
import { LibraryFilters } from './library-filters';
import { LibraryGrid } from './library-grid';
import { useLibraryFilters } from './use-library-filters';
import { useLibraryList } from './use-library-list';
import '../dashboard/member.css';
import './library.css';

const T = LIBRARY_TEXTS;

export function LibraryPage() {
  const { me, signOut } = useMember();
  const roles = useStoreState(useServices().auth).user?.roles;
  const filters = useLibraryFilters();
  const list = useLibraryList(filters);
  const [toDelete, setToDelete] = useState<LibraryItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const filtered = Boolean(filters.kind || filters.tool || filters.q);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    const done = await list.remove(toDelete);
    setDeleting(false);
    if (done) setToDelete(null);
  }

  return (
    <div className="sh-member">
      <PageMeta title={`${T.title} | ${PRODUCT_NAME}`} description={T.intro} path={LIBRARY_PATH} noIndex />
      <DashboardHeader
        credits={me.credits}
        planId={me.plan}
        onSignOut={signOut}
        support={roles?.includes(SUPPORT_ROLE) ?? false}
      />
      <main id="main" className="sh-container sh-library">
        <p className="sh-library__back">
          <Link to="/dashboard">{UI_TEXTS.toolShell.backToDashboard}</Link>
        </p>
        <h1 className="sh-page-title">{T.title}</h1>
        <p className="sh-library__intro">{T.intro}</p>
        <LibraryFilters filters={filters} />
        {list.loading ? (
          <Spinner size={24} showLabel label={T.loading} />
        ) : list.items.length === 0 && list.error ? (
          <Alert
            variant="error"
            action={
              <Button variant="outline" size="sm" onClick={list.reload}>
                {T.retry}
              </Button>
            }
          >
            {list.error}
          </Alert>
        ) : list.items.length === 0 && !list.hasMore ? (
          <p className="sh-library__empty">{filtered ? T.emptyFiltered : T.empty}</p>
        ) : (
          <LibraryGrid
            items={list.items}
            hasMore={list.hasMore}
            loadingMore={list.loadingMore}
            error={list.error}
            loadMore={() => void list.loadMore()}
            onDelete={setToDelete}
          />
        )}
      </main>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setToDelete(null);
        }}
        title={T.deleteTitle}
        description={T.deleteDescription}
        confirmLabel={T.delete}
        destructive
        busy={deleting}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
