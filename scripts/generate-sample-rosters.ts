/**
 * One-off generator of the SAMPLE rosters in content/rosters/ (believable Bangladeshi names,
 * reserved example.* e-mail domains). Run it only to reset the sample data:
 *   node_modules/.bin/node scripts/generate-sample-rosters.ts
 * Once the chapter supplies real rosters, edit the JSON files by hand and never run this again:
 * it overwrites every file it knows.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { slugify } from '../src/lib/slug.ts';

type Grouping = 'team' | 'wic-2025' | 'sac-2025' | 'secretariat-2025';

/** A run of `count` people with one designation (and team heading). */
interface Slot {
  designation: string;
  team?: string;
  count?: number;
  senior?: boolean;
}

interface RosterPlan {
  slug: string;
  committee: 'Excom' | 'SAC' | 'SEC' | 'SPARK' | 'GSM' | 'WEB' | 'WIC';
  year?: number;
  title: string;
  subtitle?: string;
  description: string;
  intro?: string[];
  layout?: 'featured';
  grouping?: Grouping;
  photoFolder?: string;
  /** How many of the people (from the top) get a photo file name. */
  photos?: number;
  /** Secretariat cards name a department. */
  departments?: boolean;
  /** WIC and SAC cards name a study year. */
  studyYears?: boolean;
  source?: 'database';
  slots?: Slot[];
}

const MEMBERSHIP_TEXT =
  'Team membership runs for one to three years. Members who serve a full year receive a certificate of contribution, and those who serve three years are honored by the chapter.';

/** Women's and men's given names; some family names (Akter, Sultana...) are only women's. */
const FIRST_WOMEN = [
  'Ayesha',
  'Nusrat',
  'Farhana',
  'Mehjabin',
  'Sadia',
  'Tasnim',
  'Sumaiya',
  'Anika',
  'Jannatul',
  'Raisa',
  'Lamia',
  'Nabila',
  'Faria',
  'Tanjila',
  'Samira',
  'Maliha',
  'Sabrina',
  'Proma',
  'Afroza',
  'Ishrat',
  'Nowshin',
  'Mithila',
  'Fariha',
  'Rubaiya',
  'Sharmin',
];
const FIRST_MEN = [
  'Tahmid',
  'Rafiul',
  'Sakib',
  'Arif',
  'Imran',
  'Nafis',
  'Rakibul',
  'Fahim',
  'Shafiqul',
  'Mahmudul',
  'Towhid',
  'Zahid',
  'Mushfiq',
  'Asif',
  'Rezaul',
  'Ehsan',
  'Kamrul',
  'Nayeem',
  'Shahriar',
  'Mahir',
  'Riyad',
  'Tahsin',
  'Sajid',
  'Adnan',
  'Tanvir',
];
const LAST = [
  'Rahman',
  'Hasan',
  'Islam',
  'Ahmed',
  'Chowdhury',
  'Hossain',
  'Karim',
  'Alam',
  'Haque',
  'Uddin',
  'Sarkar',
  'Talukder',
  'Khan',
  'Mahmud',
  'Siddiqui',
  'Bhuiyan',
  'Mollah',
  'Das',
  'Roy',
  'Saha',
  'Biswas',
  'Majumder',
  'Kabir',
  'Anwar',
  'Faruque',
  'Rashid',
];
const LAST_WOMEN = ['Akter', 'Sultana', 'Nahar', 'Begum'];
const UNIVERSITIES = [
  'Bangladesh University of Engineering and Technology (BUET)',
  'University of Dhaka',
  'North South University',
  'BRAC University',
  'American International University-Bangladesh (AIUB)',
  'Islamic University of Technology (IUT)',
  'Khulna University of Engineering & Technology (KUET)',
  'Rajshahi University of Engineering & Technology (RUET)',
  'Chittagong University of Engineering & Technology (CUET)',
  'Shahjalal University of Science and Technology (SUST)',
  'East West University',
  'Ahsanullah University of Science and Technology (AUST)',
  'United International University',
  'Daffodil International University',
  'Independent University, Bangladesh (IUB)',
  'Jahangirnagar University',
];
const DOMAINS = ['example.com', 'example.org', 'example.net'];
const STUDY_YEARS = ['1st Year', '2nd Year', '3rd Year', '4th Year', '6th Semester', '8th Semester'];

/** A small deterministic generator, so re-running the script gives the same files. */
function random(seed: string) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function people(plan: RosterPlan) {
  const rand = random(plan.slug);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const used = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const slot of plan.slots ?? []) {
    for (let i = 0; i < (slot.count ?? 1); i++) {
      const woman = plan.committee === 'WIC' || rand() < 0.5;
      const nameOf = () => {
        const given = pick(woman ? FIRST_WOMEN : FIRST_MEN);
        const family = woman && rand() < 0.3 ? pick(LAST_WOMEN) : pick(LAST);
        return [given, family] as const;
      };
      let [first, last] = nameOf();
      while (used.has(`${first} ${last}`)) [first, last] = nameOf();
      used.add(`${first} ${last}`);
      const senior = slot.senior ?? /advisor|mentor|founder|counselor/i.test(slot.designation);
      const name = senior ? `${rand() < 0.5 ? 'Dr.' : 'Prof. Dr.'} ${first} ${last}` : `${first} ${last}`;
      const university = pick(UNIVERSITIES);
      const department = plan.departments ? (rand() < 0.65 ? 'CSE' : 'EEE') : undefined;
      const affiliation = senior
        ? `${rand() < 0.5 ? 'Professor' : 'Associate Professor'}, Department of ${department ?? 'CSE'}\n${university}`
        : university;
      const handle = `${first}.${last}`.toLowerCase();
      const email = [`${handle}@${pick(DOMAINS)}`];
      if (senior && rand() < 0.5) email.push(`${last.toLowerCase()}.${first[0]?.toLowerCase()}@${pick(DOMAINS)}`);
      const phoneDigits = `+8801${Math.floor(3 + rand() * 7)}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
      const person: Record<string, unknown> = {
        name,
        designation: slot.designation,
        ...(slot.team ? { team: slot.team } : {}),
        affiliation,
        ...(department ? { department } : {}),
        ...(plan.studyYears && !senior ? { studyYear: pick(STUDY_YEARS) } : {}),
        email,
      };
      if (rand() < 0.35) person['phone'] = phoneDigits;
      if (rand() < 0.25) person['whatsapp'] = phoneDigits;
      if (rand() < 0.4)
        person['linkedin'] = `https://www.linkedin.com/in/${slugify(`${first}-${last}`, 'person')}-sample`;
      if (plan.photoFolder && out.length < (plan.photos ?? Infinity))
        person['image'] = `${slugify(`${first} ${last}`, 'person')}.webp`;
      else if (plan.grouping === 'secretariat-2025') person['image'] = `${slugify(`${first} ${last}`, 'person')}.jpg`;
      out.push(person);
    }
  }
  return out;
}

const excomYear = (year: number, slots: Slot[]): RosterPlan => ({
  slug: `excom-${String(year).slice(2)}`,
  committee: 'Excom',
  year,
  title: `ExCom ${year}`,
  subtitle: `Executive Committee ${year}`,
  description: `The ${year} Executive Committee of the IEEE Computer Society Bangladesh Chapter.`,
  slots,
});

const OLD_EXCOM: Slot[] = [
  { designation: 'Chair' },
  { designation: 'Vice Chair' },
  { designation: 'Secretary' },
  { designation: 'Treasurer' },
  { designation: 'Webmaster' },
  { designation: 'Membership Development Coordinator' },
  { designation: 'Student Activities Coordinator' },
  { designation: 'Publication Coordinator' },
  { designation: 'Executive Committee Member', count: 6 },
];

const EXCOM_2025: Slot[] = [
  { designation: 'Chair' },
  { designation: 'Past Chair' },
  { designation: 'Vice Chair (Technical Activities)' },
  { designation: 'Vice Chair (Membership Development)' },
  { designation: 'Vice Chair (Industry Relations)' },
  { designation: 'Secretary' },
  { designation: 'Joint Secretary' },
  { designation: 'Treasurer' },
  { designation: 'Webmaster' },
  { designation: 'Publication Coordinator' },
  { designation: 'Student Activities Coordinator' },
  { designation: 'Young Professionals Coordinator' },
  { designation: 'Women in Computing Coordinator' },
  { designation: 'Graduate Student Forum Coordinator' },
  { designation: 'Educational Activities Coordinator' },
  { designation: 'Industry Liaison' },
  { designation: 'Public Relations Coordinator' },
  { designation: 'Event Management Coordinator' },
  { designation: 'Research Coordinator' },
  { designation: 'Chapter Counselor', count: 2 },
  { designation: 'Executive Committee Member', count: 19 },
];

const PLANS: RosterPlan[] = [
  {
    ...excomYear(2025, EXCOM_2025),
    subtitle: 'Meet our Executive Committee members for 2025',
    layout: 'featured',
    photoFolder: 'excom-2025',
    photos: 12,
  },
  { ...excomYear(2024, []), source: 'database' },
  excomYear(2023, [
    { designation: 'Chair', team: 'Chair' },
    { designation: 'Vice Chair', team: 'Executive Committee Members' },
    { designation: 'Secretary', team: 'Executive Committee Members' },
    { designation: 'Treasurer', team: 'Executive Committee Members' },
    { designation: 'Webmaster', team: 'Executive Committee Members' },
    { designation: 'Executive Committee Member', team: 'Executive Committee Members', count: 24 },
  ]),
  excomYear(2022, OLD_EXCOM),
  excomYear(2021, OLD_EXCOM),
  excomYear(2020, OLD_EXCOM.slice(0, 8).concat({ designation: 'Executive Committee Member', count: 4 })),
  excomYear(2019, OLD_EXCOM.slice(0, 6).concat({ designation: 'Executive Committee Member', count: 4 })),
  excomYear(2018, OLD_EXCOM.slice(0, 4).concat({ designation: 'Executive Committee Member', count: 5 })),

  {
    slug: 'sac-25',
    committee: 'SAC',
    year: 2025,
    title: 'Student Activities Committee Bangladesh Chapter',
    subtitle: 'SAC Committee 2025',
    description: 'The 2025 Student Activities Committee of the IEEE Computer Society Bangladesh Chapter.',
    grouping: 'sac-2025',
    studyYears: true,
    slots: [
      { designation: 'Advisor' },
      { designation: 'Mentor' },
      { designation: 'President' },
      { designation: 'Vice President' },
      { designation: 'Secretary' },
      { designation: 'Public Relation Coordinator' },
      { designation: 'Public Relation Executive' },
      { designation: 'Public Relations Executive' },
      { designation: 'Event Management Coordinator' },
      { designation: 'Event Management Executive', count: 4 },
    ],
  },
  {
    slug: 'sac-24',
    committee: 'SAC',
    year: 2024,
    title: 'SAC 2024',
    subtitle: 'Student Activities Committee 2024',
    description: 'The 2024 Student Activities Committee of the IEEE Computer Society Bangladesh Chapter.',
    source: 'database',
  },
  {
    slug: 'sac-23',
    committee: 'SAC',
    year: 2023,
    title: 'SAC 2023',
    subtitle: 'Student Activities Committee 2023',
    description: 'The 2023 Student Activities Committee of the IEEE Computer Society Bangladesh Chapter.',
    slots: [
      { designation: 'Chair', team: 'Chair' },
      { designation: 'Student Activities Committee Member', team: 'Members', count: 18 },
    ],
  },

  {
    slug: 'founder-secretariat',
    committee: 'SEC',
    title: 'Founder of the Secretariat',
    subtitle: 'The people who started the Secretariat',
    description: 'The founders of the Secretariat of the IEEE Computer Society Bangladesh Chapter.',
    intro: [
      'The Secretariat was founded in 2023 to give the chapter a standing team for communication, content, research, design and event logistics, so that every committee could rely on the same support.',
      'Its founders set up the team structure that is still used today: coordinators who lead each team and members who learn by doing.',
    ],
    slots: [{ designation: 'Founder' }, { designation: 'Co-Founder', count: 2 }],
  },
  {
    slug: 'about-secretariat',
    committee: 'SEC',
    title: 'About the Secretariat',
    subtitle: 'The engine room of the chapter',
    description: 'What the Secretariat of the IEEE Computer Society Bangladesh Chapter does and how to join.',
    intro: [
      'The Secretariat runs the day-to-day work of the chapter: public relations, written content, research support, graphics and the management of every event we hold.',
      'Students from member universities join one of its teams, work beside experienced coordinators and take on more responsibility each year.',
      MEMBERSHIP_TEXT,
    ],
  },
  {
    slug: 'sacretariat-25',
    committee: 'SEC',
    year: 2025,
    title: 'SECRETARIAT EXCOM 2025',
    subtitle: 'Meet the Secretariat Executive Committee for 2025',
    description: 'The 2025 Secretariat Executive Committee of the IEEE Computer Society Bangladesh Chapter.',
    grouping: 'secretariat-2025',
    photoFolder: 'secretariat',
    photos: 10,
    departments: true,
    slots: [
      { designation: 'Advisor' },
      { designation: 'Mentor' },
      { designation: 'President' },
      { designation: 'Vice President (Activity)' },
      { designation: 'Vice President (Technical)' },
      { designation: 'PR Team Coordinator', count: 2 },
      { designation: 'PR Team Member', count: 3 },
      { designation: 'Content Team Coordinator' },
      { designation: 'Content Team Member', count: 3 },
      { designation: 'Event Management Coordinator', count: 2 },
      { designation: 'Event Management Member', count: 3 },
      { designation: 'Research Team Coordinator' },
      { designation: 'Research Team Member', count: 3 },
    ],
  },
  {
    slug: 'secretariat-24',
    committee: 'SEC',
    year: 2024,
    title: 'Secretariat 2024',
    subtitle: 'Secretariat Executive Committee 2024',
    description: 'The 2024 Secretariat of the IEEE Computer Society Bangladesh Chapter.',
    source: 'database',
  },
  {
    slug: 'secretariat-23',
    committee: 'SEC',
    year: 2023,
    title: 'Secretariat 2023',
    subtitle: 'Secretariat Executive Committee 2023',
    description: 'The 2023 Secretariat of the IEEE Computer Society Bangladesh Chapter.',
    departments: true,
    slots: [
      { designation: 'Mentor', team: 'Mentor & President' },
      { designation: 'President', team: 'Mentor & President' },
      { designation: 'Vice President', team: 'Vice Presidents', count: 2 },
      { designation: 'Public Relation Coordinator', team: 'Public Relation Team' },
      { designation: 'Public Relation Member', team: 'Public Relation Team', count: 2 },
      { designation: 'Content Coordinator', team: 'Content Team' },
      { designation: 'Content Member', team: 'Content Team', count: 2 },
      { designation: 'Research Coordinator', team: 'Research Team' },
      { designation: 'Research Member', team: 'Research Team', count: 2 },
      { designation: 'Graphics Coordinator', team: 'Graphics Team' },
      { designation: 'Graphics Member', team: 'Graphics Team', count: 2 },
      { designation: 'Event Management Coordinator', team: 'Event Management Team' },
      { designation: 'Event Management Member', team: 'Event Management Team', count: 2 },
    ],
  },

  {
    slug: 'founder-spark',
    committee: 'SPARK',
    title: 'Founder of SPARK',
    subtitle: 'Where SPARK began',
    description: 'The founders of SPARK, the volunteer team of the IEEE Computer Society Bangladesh Chapter.',
    intro: [
      'SPARK started in 2021 as a handful of students who wanted to bring programming contests, workshops and mentoring to campuses outside the capital.',
      'Its founders built the coordinator and volunteer model that lets each new team learn from the one before.',
    ],
    slots: [{ designation: 'Founder' }, { designation: 'Co-Founder' }],
  },
  {
    slug: 'about-spark',
    committee: 'SPARK',
    title: 'About SPARK',
    subtitle: 'The chapter’s student volunteer team',
    description: 'What SPARK, the student volunteer team of the chapter, does and how to join it.',
    intro: [
      'SPARK is the chapter’s student volunteer team. Its coordinators and volunteers organise workshops, contests and outreach sessions at universities across Bangladesh.',
      'Anyone studying at a member university can apply when the yearly call opens; new volunteers are paired with an experienced coordinator.',
      MEMBERSHIP_TEXT,
    ],
  },
  {
    slug: 'spark-25',
    committee: 'SPARK',
    year: 2025,
    title: 'SPARK 2025',
    subtitle: 'Meet the SPARK team for 2025',
    description: 'The 2025 SPARK team of the IEEE Computer Society Bangladesh Chapter.',
    intro: [MEMBERSHIP_TEXT],
    slots: [
      { designation: 'Advisor', team: 'Advisors & Mentors' },
      { designation: 'Mentor', team: 'Advisors & Mentors', count: 2 },
      { designation: 'Chief Coordinator', team: 'Leadership' },
      { designation: 'Deputy Chief Coordinator', team: 'Leadership', count: 2 },
      { designation: 'Volunteer', team: 'Volunteers', count: 10 },
    ],
  },
  {
    slug: 'spark-24',
    committee: 'SPARK',
    year: 2024,
    title: 'SPARK 2024',
    subtitle: 'The SPARK team of 2024',
    description: 'The 2024 SPARK team of the IEEE Computer Society Bangladesh Chapter.',
    intro: [MEMBERSHIP_TEXT],
    source: 'database',
  },
  {
    slug: 'team-spark-23',
    committee: 'SPARK',
    year: 2023,
    title: 'SPARK 2023',
    subtitle: 'The SPARK team of 2023',
    description: 'The 2023 SPARK team of the IEEE Computer Society Bangladesh Chapter.',
    intro: [MEMBERSHIP_TEXT],
    slots: [
      { designation: 'Chief Coordinator', team: 'Chief Coordinator' },
      { designation: 'Coordinator', team: 'Coordinators', count: 18 },
      { designation: 'Volunteer', team: 'Volunteers', count: 13 },
    ],
  },
  {
    slug: 'team-spark-22',
    committee: 'SPARK',
    year: 2022,
    title: 'SPARK 2022',
    subtitle: 'The SPARK team of 2022',
    description: 'The 2022 SPARK team of the IEEE Computer Society Bangladesh Chapter.',
    slots: [
      { designation: 'Chief Coordinator' },
      { designation: 'Coordinator', count: 6 },
      { designation: 'Volunteer', count: 7 },
    ],
  },
  {
    slug: 'team-spark-21',
    committee: 'SPARK',
    year: 2021,
    title: 'SPARK 2021',
    subtitle: 'The first SPARK team',
    description: 'The 2021 SPARK team of the IEEE Computer Society Bangladesh Chapter.',
    slots: [
      { designation: 'Chief Coordinator' },
      { designation: 'Coordinator', count: 4 },
      { designation: 'Volunteer', count: 5 },
    ],
  },

  {
    slug: 'founder-gsm',
    committee: 'GSM',
    title: 'Founder of the GSM Forum',
    subtitle: 'Graduate Student Member Forum',
    description: 'The founders of the Graduate Student Member Forum of the chapter.',
    intro: [
      'The Graduate Student Member (GSM) Forum was founded in 2023 to connect master’s and doctoral students in computing across Bangladesh with each other and with industry.',
      'Its founders started the forum’s research talks, paper-writing clinics and the mentoring circle that pairs new graduate students with senior researchers.',
    ],
    slots: [{ designation: 'Founder' }, { designation: 'Co-Founder', count: 2 }],
  },
  {
    slug: 'about-gsm',
    committee: 'GSM',
    title: 'About the GSM Forum',
    subtitle: 'Graduate Student Member Forum',
    description: 'What the Graduate Student Member Forum of the chapter does and how to take part.',
    intro: [
      'The GSM Forum is the home of graduate student members of the chapter. It runs research seminars, writing workshops and networking sessions with academia and industry.',
      'Any graduate student member of the IEEE Computer Society in Bangladesh can join its activities and volunteer for its committee.',
      MEMBERSHIP_TEXT,
    ],
  },
  {
    slug: 'gsm-24',
    committee: 'GSM',
    year: 2024,
    title: 'GSM 2024',
    subtitle: 'Graduate Student Member Forum 2024',
    description: 'The 2024 committee of the Graduate Student Member Forum of the chapter.',
    source: 'database',
  },
  {
    slug: 'gsm-23',
    committee: 'GSM',
    year: 2023,
    title: 'GSM 2023',
    subtitle: 'Graduate Student Member Forum 2023',
    description: 'The 2023 committee of the Graduate Student Member Forum of the chapter.',
    slots: [
      { designation: 'Advisor', team: 'Advisors & Founders', count: 2 },
      { designation: 'Founder', team: 'Advisors & Founders', senior: true, count: 2 },
      { designation: 'President', team: 'President' },
      { designation: 'Committee Member', team: 'Members', count: 13 },
    ],
  },

  {
    slug: 'founder-web-and-it-committee',
    committee: 'WEB',
    title: 'Founder of the Web and IT Committee',
    subtitle: 'Who built our web presence',
    description: 'The founders of the Web and IT Committee of the chapter.',
    intro: [
      'The Web and IT Committee was founded in 2023 to build and run the chapter’s website, event registration and internal tools with student developers.',
      'Its founders chose open tools and a mentoring model, so every year’s web team leaves the site better documented than it found it.',
    ],
    slots: [{ designation: 'Founder' }, { designation: 'Co-Founder' }],
  },
  {
    slug: 'web-and-it-2025',
    committee: 'WEB',
    year: 2025,
    title: 'Web and IT 2025',
    subtitle: 'Web and IT Committee 2025',
    description: 'The 2025 Web and IT Committee of the IEEE Computer Society Bangladesh Chapter.',
    slots: [
      { designation: 'Advisor', team: 'Advisors & Mentors' },
      { designation: 'Mentor', team: 'Advisors & Mentors' },
      { designation: 'Lead', team: 'Leadership' },
      { designation: 'Deputy Lead', team: 'Leadership' },
      { designation: 'Web Developer', team: 'Web Team', count: 4 },
      { designation: 'Graphics Designer', team: 'Graphics & Content Teams', count: 2 },
      { designation: 'Content Writer', team: 'Graphics & Content Teams', count: 2 },
    ],
  },
  {
    slug: 'web-and-it-24',
    committee: 'WEB',
    year: 2024,
    title: 'Web and IT 2024',
    subtitle: 'Web and IT Committee 2024',
    description: 'The 2024 Web and IT Committee of the IEEE Computer Society Bangladesh Chapter.',
    source: 'database',
  },
  {
    slug: 'web-it-team-23',
    committee: 'WEB',
    year: 2023,
    title: 'Web and IT Team 2023',
    subtitle: 'Web and IT Committee 2023',
    description: 'The 2023 Web and IT team of the IEEE Computer Society Bangladesh Chapter.',
    slots: [
      { designation: 'Team Lead' },
      { designation: 'Web Developer', count: 5 },
      { designation: 'UI Designer', count: 2 },
      { designation: 'Content Writer', count: 2 },
    ],
  },

  {
    slug: 'wic-2025',
    committee: 'WIC',
    year: 2025,
    title: 'Women in Computing Bangladesh Chapter',
    subtitle: 'WIC Committee 2025',
    description: 'The 2025 Women in Computing committee of the IEEE Computer Society Bangladesh Chapter.',
    grouping: 'wic-2025',
    studyYears: true,
    slots: [
      { designation: 'Advisor' },
      { designation: 'Mentor' },
      { designation: 'Coordinator' },
      { designation: 'President' },
      { designation: 'Vice President' },
      { designation: 'Secretary' },
      { designation: 'Joint Secretary' },
      { designation: 'Event Executive', count: 2 },
      { designation: 'Public Relation Executive' },
      { designation: 'Publication Executive' },
    ],
  },
];

mkdirSync('content/rosters', { recursive: true });
for (const plan of PLANS) {
  const roster = {
    $schema: '../schemas/roster.schema.json',
    committee: plan.committee,
    ...(plan.year ? { year: plan.year } : {}),
    title: plan.title,
    ...(plan.subtitle ? { subtitle: plan.subtitle } : {}),
    description: plan.description,
    ...(plan.intro ? { intro: plan.intro } : {}),
    ...(plan.layout ? { layout: plan.layout } : {}),
    ...(plan.grouping ? { grouping: plan.grouping } : {}),
    ...(plan.photoFolder ? { photoFolder: plan.photoFolder } : {}),
    ...(plan.source ? { source: plan.source } : { people: people(plan) }),
  };
  writeFileSync(`content/rosters/${plan.slug}.json`, `${JSON.stringify(roster, null, 2)}\n`);
}
console.log(`${PLANS.length} sample rosters written to content/rosters/`);
