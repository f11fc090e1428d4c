import { Link } from 'react-router';

/**
 * The note on a public page that signed-in staff see while the record is not published (docs/product/staff.md,
 * "Drafts and preview"): visitors get 404 at the same address.
 */
export function DraftBanner({ editPath }: { editPath: string }) {
  return (
    <div className="draft-banner" role="status">
      <p>
        <strong>Черновик — не опубликовано.</strong> Посетители эту страницу не видят, её видят только сотрудники.{' '}
        <Link to={editPath} reloadDocument>
          Вернуться к редактированию
        </Link>
      </p>
    </div>
  );
}
