import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { components } from '../../openapi/schema';
import { defaultLanguage, languageOfTag } from '../../core/i18n/languages';
import { useBanners } from '../queries/site-queries';
import { phoneMedia } from '../../core/routing/first-screens';

type Banner = components['schemas']['Banner'];

// The first one sits at the top of the page, usually its largest picture: fetched at once and
// drawn with the page rather than a frame later. `elementtiming` has the browser report when it is
// on screen; a page the server drew starts the app after that (public/boot.js).
const topBanner = { fetchPriority: 'high', elementtiming: 'banner' } as const;
const laterBanner = { loading: 'lazy', decoding: 'async' } as const;

/**
 * The server's promotional banners for one place (spec section 7, GET /api/site/banner/v1): the
 * phone image at 760 px and below (spec section 9's breakpoint), and the title written over it. The
 * images are drawn 4:1 and 16:9, and the frame keeps that shape before they load, and while the
 * list itself loads, so the page under it does not jump. Nothing shows when there are none.
 */
export function Banners({ position }: { position: Banner['position'] }) {
  const intl = useIntl();
  const banners = useBanners(position, languageOfTag(intl.locale) ?? defaultLanguage);
  if (banners.status === 'loading') {
    return (
      <div className="banners" aria-hidden="true">
        <div className="banner banner-frame" />
      </div>
    );
  }
  if (banners.status !== 'success' || banners.data.length === 0) return null;
  return (
    <div className="banners">
      {banners.data.map((b, i) => {
        // The title is the banner's message, written over the image, which is decoration.
        const picture = (
          <>
            <picture>
              {b.mobileImageUrl && <source media={phoneMedia} srcSet={b.mobileImageUrl} width={750} height={420} />}
              <img src={b.imageUrl} alt="" width={1200} height={300} {...(i === 0 ? topBanner : laterBanner)} />
            </picture>
            <span className="banner-title">{b.title}</span>
          </>
        );
        if (!b.linkUrl)
          return (
            <div key={b.id} className="banner">
              {picture}
            </div>
          );
        // A link inside the portal stays in the app; another site opens as a plain link.
        return b.linkUrl.startsWith('/') ? (
          <Link key={b.id} className="banner" to={b.linkUrl}>
            {picture}
          </Link>
        ) : (
          <a key={b.id} className="banner" href={b.linkUrl} rel="noopener noreferrer">
            {picture}
          </a>
        );
      })}
    </div>
  );
}
