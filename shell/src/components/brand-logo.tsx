// The product mark and name, linking home (or to the dashboard inside the member area).
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { PUBLIC_DATA } from '../app/public-data';

const PRODUCT_NAME = PUBLIC_DATA.productName;

export function BrandLogo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="sh-brand" aria-label={`${PRODUCT_NAME} home`}>
      <span className="sh-brand__mark" aria-hidden>
        <Sparkles size={18} />
      </span>
      <span className="sh-brand__name">{PRODUCT_NAME}</span>
    </Link>
  );
}
