import { formatPhone, initials } from '../../lib/format.ts';
import {
  PHOTO_SIZE,
  affiliationLines,
  cardClasses,
  mailtoHref,
  telHref,
  whatsappHref,
  type CardLayout,
  type PersonCardData,
} from '../../lib/rosters/person-card.ts';

interface Props {
  person: PersonCardData & { image?: string | null };
  layout: CardLayout;
  headingLevel: 2 | 3;
  /** Above the fold (the first section's first cards): the photo loads at once, as on the file rosters. */
  eager?: boolean;
}

/** The React twin of src/components/roster/PersonCard.astro, for people loaded from the member list. */
export default function PersonCard({ person, layout, headingLevel, eager = false }: Props) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const size = PHOTO_SIZE[layout];
  const lines = affiliationLines(person.affiliation);
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <article className={cardClasses.card} data-person-card>
      {person.image ? (
        <img
          src={person.image}
          alt={`Portrait of ${person.name}`}
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={cardClasses.photo[layout]}
        />
      ) : (
        <div className={cardClasses.avatar[layout]} aria-hidden="true" data-initials>
          {initials(person.name)}
        </div>
      )}
      <Name className={cardClasses.name}>{person.name}</Name>
      <p className={cardClasses.designation}>{person.designation}</p>
      {lines.length > 0 && (
        <p className={cardClasses.detail}>
          {lines.map((line, i) => (
            <span key={i}>
              {i > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      )}
      {person.department && <p className={cardClasses.detail}>Department: {person.department}</p>}
      <div className={cardClasses.links}>
        {person.email.map((email) => (
          <a key={email} className={cardClasses.link} href={mailtoHref(email)}>
            {email}
          </a>
        ))}
        {person.phone && (
          <a className={cardClasses.link} href={telHref(person.phone)}>
            <span className="sr-only">Phone: </span>
            {formatPhone(person.phone)}
          </a>
        )}
        {person.whatsapp && (
          <a className={cardClasses.link} href={whatsappHref(person.whatsapp)} {...external}>
            WhatsApp<span className="sr-only"> {person.name}</span>
          </a>
        )}
        {person.linkedin && (
          <a className={cardClasses.link} href={person.linkedin} {...external}>
            LinkedIn<span className="sr-only"> profile of {person.name}</span>
          </a>
        )}
      </div>
    </article>
  );
}
