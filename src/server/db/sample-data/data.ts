import type { CommitteeCode } from '../../../lib/types.ts';
import type { SampleCommitteeMember, SampleData, SampleEvent, SampleExcomMember } from './types.ts';

/** SAMPLE content: believable, not real. Every e-mail uses a reserved example domain. */
const portrait = (i: number) => `/sample/portraits/portrait-${String((i % 16) + 1).padStart(2, '0')}.webp`;
const banner = (name: string) => `/sample/events/${name}.webp`;

const GIVEN = [
  'Ayesha',
  'Tanvir',
  'Nusrat',
  'Rafiq',
  'Sadia',
  'Imran',
  'Farhana',
  'Mahmud',
  'Tasnim',
  'Arif',
  'Lamia',
  'Shakil',
  'Jannat',
  'Fahim',
  'Rumana',
  'Sabbir',
  'Mithila',
  'Zubair',
  'Anika',
  'Hasan',
  'Priya',
  'Rezaul',
  'Sumaiya',
  'Nafis',
  'Tahsin',
  'Maliha',
  'Rakib',
  'Orpita',
  'Sajid',
  'Ishrat',
];
const FAMILY = [
  'Rahman',
  'Hossain',
  'Islam',
  'Ahmed',
  'Chowdhury',
  'Khan',
  'Sarker',
  'Karim',
  'Haque',
  'Akter',
  'Uddin',
  'Siddiqui',
  'Talukder',
  'Mahmud',
  'Barua',
  'Das',
  'Alam',
  'Kabir',
];
const UNIVERSITIES = [
  'Dept. of CSE, BUET',
  'Dept. of CSE, University of Dhaka',
  'Dept. of ECE, North South University',
  'Dept. of CSE, BRAC University',
  'Dept. of CSE, KUET',
  'Dept. of CSE, SUST',
  'Dept. of CSE, RUET',
  'Dept. of CSE, CUET',
  'Dept. of CSE, AIUB',
  'Dept. of CSE, East West University',
];

/** The n-th sample person: name, affiliation, portrait and an example.com address. */
function person(n: number) {
  const name = `${GIVEN[n % GIVEN.length]} ${FAMILY[(n * 7) % FAMILY.length]}`;
  const handle = name.toLowerCase().replace(/\s+/g, '.');
  return {
    name,
    affiliation: UNIVERSITIES[n % UNIVERSITIES.length]!,
    image: portrait(n),
    email: `${handle}${n}@example.com`,
  };
}

let counter = 0;
/** A roster section: `size` members under one team heading and designation. */
function team(teamName: string, designation: string, size: number): SampleCommitteeMember[] {
  return Array.from({ length: size }, () => {
    const p = person(counter++);
    const member: SampleCommitteeMember = {
      team: teamName,
      designation,
      name: p.name,
      affiliation: p.affiliation,
      image: p.image,
      email: [p.email],
    };
    if (counter % 3 === 0) member.phone = `+8801711${String(100000 + counter).slice(-6)}`;
    if (counter % 4 === 0) member.whatsapp = `+8801811${String(200000 + counter).slice(-6)}`;
    if (counter % 2 === 0)
      member.linkedin = `https://www.linkedin.com/in/${p.email.split('@')[0]!.replace(/\./g, '-')}`;
    if (counter % 5 === 0) member.email.push(p.email.replace('example.com', 'example.org'));
    return member;
  });
}

function excom(start: number, designations: string[]): SampleExcomMember[] {
  return designations.map((designation, i) => {
    const p = person(start + i);
    return {
      name: p.name,
      designation,
      affiliation: p.affiliation,
      image: p.image,
      email: p.email.replace('example.com', 'example.org'),
    };
  });
}

const event = (e: Omit<SampleEvent, 'eventLink'> & { eventLink?: string }): SampleEvent => ({
  eventLink: `https://events.example.org/${e.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  ...e,
});

const members2024: Record<CommitteeCode, SampleCommitteeMember[]> = {
  Excom: [
    ...team('Chair', 'Chair', 1),
    ...team('Vice Chairs', 'Vice Chair', 2),
    ...team('Secretaries', 'Secretary', 2),
    ...team('Treasurer', 'Treasurer', 1),
    ...team('Executive Members', 'Executive Member', 14),
  ],
  SPARK: [
    ...team('Advisors', 'Advisor', 2),
    ...team('Chief Coordinator', 'Chief Coordinator', 1),
    ...team('Deputy Chief Coordinators', 'Deputy Chief Coordinator', 2),
    ...team('Technical Coordinators', 'Technical Coordinator', 8),
    ...team('Event Coordinators', 'Event Coordinator', 8),
    ...team('Media Coordinators', 'Media Coordinator', 6),
    ...team('Volunteers', 'Volunteer', 8),
  ],
  SEC: [
    ...team('Advisors & Mentor', 'Advisor', 3),
    ...team('President', 'President', 1),
    ...team('Vice Presidents', 'Vice President', 2),
    ...team('Public Relations Team', 'PR Executive', 7),
    ...team('Content Team', 'Content Executive', 8),
    ...team('Event Management Team', 'Event Management Executive', 7),
    ...team('Research Team', 'Research Executive', 5),
    ...team('Graphics Team', 'Graphics Designer', 7),
  ],
  SAC: [...team('Advisors & Mentors', 'Advisor', 4), ...team('Chair', 'Chair', 1)],
  GSM: [...team('Advisors & Founders', 'Advisor', 4), ...team('Chair', 'Chair', 1)],
  WEB: [
    ...team('Advisors', 'Advisor', 2),
    ...team('Lead', 'Team Lead', 1),
    ...team('Web Team', 'Web Developer', 6),
    ...team('Graphics & Content Team', 'Designer', 4),
  ],
};

export const sampleData: SampleData = {
  home: {
    info: {
      logo: '/sample/logos/ieee-cs-bdc.png',
      shortDescription: 'The home of computing professionals and students in Bangladesh since 2016.',
      websiteUrl: 'https://www.example.org/ieee-cs-bdc',
      facebookUrl: 'https://www.facebook.com/ieeecsbdc',
      linkedinUrl: 'https://www.linkedin.com/company/ieeecsbdc',
      aboutUs:
        'The IEEE Computer Society Bangladesh Chapter connects students, researchers and engineers across the country.\nWe run seminars, webinars, workshops and programming contests, and support student branch chapters from Teknaf to Tetulia.',
      videoUrl: 'https://www.youtube.com/watch?v=aircAruvnKk',
    },
    excom: excom(100, [
      'Chair',
      'Vice Chair',
      'Secretary',
      'Treasurer',
      'Webmaster',
      'Student Activities Coordinator',
      'Membership Development Coordinator',
      'Women in Computing Coordinator',
    ]),
    events: [
      event({
        title: 'National AI Workshop 2026',
        daysFromNow: 0,
        startTime: '10:00',
        endTime: '23:30',
        location: 'BUET Auditorium, Dhaka',
        host: 'IEEE CS Bangladesh Chapter',
        registrationMethod: 'Offline',
        fees: 500,
        banner: banner('ai-workshop'),
        description:
          'A full-day, hands-on workshop on practical machine learning.\nMorning: data preparation and model training with real datasets.\nAfternoon: deploying models responsibly.\nBring a laptop; lunch and certificates are included.',
      }),
      event({
        title: 'Cloud Computing Webinar',
        daysFromNow: 7,
        startTime: '20:00',
        endTime: '21:30',
        location: 'Online (Zoom)',
        host: 'IEEE CS Bangladesh Chapter',
        registrationMethod: 'Online',
        fees: 0,
        banner: banner('cloud-webinar'),
        description:
          'An evening webinar on designing serverless systems.\nSpeakers from industry share what worked and what did not.\nQuestions welcome throughout.',
      }),
      event({
        title: 'Inter-University Programming Contest',
        daysFromNow: 21,
        startTime: '09:00',
        endTime: '17:00',
        location: 'North South University, Dhaka',
        host: 'IEEE CS NSU Student Branch Chapter',
        registrationMethod: 'Offline',
        fees: 1500,
        banner: banner('programming-contest'),
        description:
          'Teams of three solve ten problems in five hours.\nPrizes for the top five teams and the best all-female team.\nRegistration closes one week before the contest.',
      }),
      event({
        title: 'Career Summit 2026',
        daysFromNow: 45,
        startTime: '10:00',
        endTime: '16:00',
        location: 'Bangabandhu International Conference Center, Dhaka',
        host: 'IEEE CS Bangladesh Chapter',
        registrationMethod: 'Offline',
        fees: 300,
        banner: banner('career-summit'),
        description:
          'Meet recruiters from leading technology companies.\nCV clinics, mock interviews and panel discussions.\nOpen to final-year students and recent graduates.',
      }),
      event({
        title: 'Cybersecurity Awareness Seminar',
        daysFromNow: -20,
        startTime: '15:00',
        endTime: '17:00',
        location: 'University of Dhaka, TSC Auditorium',
        host: 'IEEE CS Bangladesh Chapter',
        registrationMethod: 'Offline',
        fees: 0,
        banner: banner('cybersecurity'),
        description:
          'How attackers think, and how to protect yourself and your organisation.\nLive demonstrations of phishing and password attacks.',
      }),
      event({
        title: 'Research Paper Writing Bootcamp',
        daysFromNow: -60,
        startTime: '14:00',
        endTime: '18:00',
        location: 'Online (Google Meet)',
        host: 'IEEE CS Bangladesh Chapter',
        registrationMethod: 'Online',
        fees: 200,
        banner: banner('research-writing'),
        description:
          'From idea to accepted paper: structure, related work, and responding to reviewers.\nIncludes a live review of sample abstracts.',
      }),
      event({
        title: 'Women in Computing Meetup',
        daysFromNow: -120,
        startTime: '16:00',
        endTime: '19:00',
        location: 'BRAC University, Dhaka',
        host: 'IEEE CS Women in Computing',
        registrationMethod: 'Offline',
        fees: 0,
        banner: banner('women-in-computing'),
        description: 'Stories, mentoring circles and networking for women in computing.\nEveryone is welcome.',
      }),
    ],
  },
  chapters: [
    {
      name: 'IEEE Computer Society BUET Student Branch Chapter',
      email: 'buet-cs-sbc@example.org',
      phone: '+8801711000001',
      slug: 'buet-cs-sbc',
      info: {
        logo: '/sample/logos/buet-cs-sbc.png',
        shortDescription: 'Students of BUET building, competing and learning together.',
        websiteUrl: 'https://www.example.org/buet-cs-sbc',
        facebookUrl: 'https://www.facebook.com/buetcssbc',
        linkedinUrl: 'https://www.linkedin.com/company/buetcssbc',
        aboutUs:
          'Founded by CSE students in 2018, we organise hackathons, study circles and industry visits.\nOur members have represented Bangladesh at IEEEXtreme every year since.',
        videoUrl: 'https://www.youtube.com/watch?v=rfscVS0vtbw',
      },
      excom: excom(200, ['Chair', 'Vice Chair', 'Secretary', 'Treasurer', 'Webmaster']),
      events: [
        event({
          title: 'BUET Hackathon 2026',
          daysFromNow: 14,
          startTime: '09:00',
          endTime: '21:00',
          location: 'ECE Building, BUET',
          host: 'IEEE CS BUET SBC',
          registrationMethod: 'Offline',
          fees: 800,
          banner: banner('hackathon'),
          description:
            'Twelve hours, one problem statement, teams of up to four.\nMentors from industry on site all day.',
        }),
        event({
          title: 'Git and GitHub for Beginners',
          daysFromNow: -30,
          startTime: '18:00',
          endTime: '20:00',
          location: 'Online (Zoom)',
          host: 'IEEE CS BUET SBC',
          registrationMethod: 'Online',
          fees: 0,
          banner: banner('cloud-webinar'),
          description: 'Version control from first commit to pull request.\nNo experience needed.',
        }),
        event({
          title: 'Competitive Programming Camp',
          daysFromNow: -75,
          startTime: '10:00',
          endTime: '16:00',
          location: 'CSE Lab 3, BUET',
          host: 'IEEE CS BUET SBC',
          registrationMethod: 'Offline',
          fees: 100,
          banner: banner('programming-contest'),
          description: 'Graphs, dynamic programming and contest strategy.\nPractice problems every hour.',
        }),
      ],
    },
    {
      name: 'IEEE Computer Society DU Student Branch Chapter',
      email: 'du-cs-sbc@example.org',
      phone: '+8801711000002',
      slug: 'du-cs-sbc',
      info: {
        logo: '/sample/logos/du-cs-sbc.png',
        shortDescription: 'Computing for everyone at the University of Dhaka.',
        websiteUrl: 'https://www.example.org/du-cs-sbc',
        facebookUrl: 'https://www.facebook.com/ducssbc',
        linkedinUrl: 'https://www.linkedin.com/company/ducssbc',
        aboutUs:
          'We bring together students from every department who are curious about computing.\nWorkshops, research talks and an annual tech fest.',
        videoUrl: 'https://www.youtube.com/watch?v=8jLOx1hD3_o',
      },
      excom: excom(300, ['Chair', 'Vice Chair', 'Secretary', 'Treasurer']),
      events: [
        event({
          title: 'DU Tech Fest',
          daysFromNow: 30,
          startTime: '10:00',
          endTime: '18:00',
          location: 'Curzon Hall, University of Dhaka',
          host: 'IEEE CS DU SBC',
          registrationMethod: 'Offline',
          fees: 0,
          banner: banner('career-summit'),
          description: 'Project showcase, robotics demos and a gaming zone.\nFree for all students.',
        }),
        event({
          title: 'Intro to Data Science',
          daysFromNow: -10,
          startTime: '15:00',
          endTime: '17:30',
          location: 'Online (Google Meet)',
          host: 'IEEE CS DU SBC',
          registrationMethod: 'Online',
          fees: 0,
          banner: banner('ai-workshop'),
          description: 'Python, pandas and your first analysis.\nNotebooks shared after the session.',
        }),
        event({
          title: 'Women in Computing Meetup',
          daysFromNow: -45,
          startTime: '15:00',
          endTime: '18:00',
          location: 'Senate Bhaban Auditorium, University of Dhaka',
          host: 'IEEE CS DU SBC',
          registrationMethod: 'Offline',
          fees: 0,
          banner: banner('women-in-computing'),
          description:
            'Stories from women engineers and researchers working in Bangladesh and abroad.\nA mentorship speed-networking session for students.\nOpen to all students of the University of Dhaka.',
        }),
      ],
    },
    {
      name: 'IEEE Computer Society NSU Student Branch Chapter',
      email: 'nsu-cs-sbc@example.org',
      phone: '+8801711000003',
      slug: 'nsu-cs-sbc',
      info: null,
      excom: [],
      events: [],
    },
  ],
  humans: [
    {
      name: 'Farhana Akter',
      image: '/sample/humans/human-1.webp',
      description:
        'Farhana joined the chapter as a first-year volunteer. Four years later she leads the Women in Computing mentoring circles, and says the best part is seeing first-years find their voice.',
    },
    {
      name: 'Tanvir Hossain',
      image: '/sample/humans/human-2.webp',
      description:
        'Tanvir learned to code on a shared family computer in Rangpur. He now coaches programming contest teams every weekend and never misses a chance to say that anyone can start.',
    },
    {
      name: 'Nusrat Jahan',
      image: '/sample/humans/human-3.webp',
      description:
        'A graduate student in machine learning, Nusrat organises the chapter’s research writing bootcamps. Her own first paper was rejected twice before it was accepted.',
    },
    {
      name: 'Rafiq Islam',
      image: '/sample/humans/human-4.webp',
      description:
        'Rafiq has volunteered at every chapter event since 2019, usually behind the registration desk. He knows most members by name.',
    },
    {
      name: 'Sadia Rahman',
      image: '/sample/humans/human-5.webp',
      description:
        'Sadia designs the chapter’s posters and banners. She taught herself design from online tutorials during her second year.',
    },
    {
      name: 'Imran Chowdhury',
      image: '/sample/humans/human-6.webp',
      description:
        'A software engineer in Dhaka, Imran mentors students preparing for their first job interviews and runs the chapter’s CV clinic.',
    },
    {
      name: 'Lamia Sultana',
      image: '/sample/humans/human-7.webp',
      description:
        'Professor Lamia Sultana has advised student branch chapters for over a decade. She believes every student deserves one good mentor.',
    },
    {
      name: 'Arif Haque',
      image: '/sample/humans/human-8.webp',
      description:
        'Arif built the first version of the chapter website as a student. Today he leads a web team of his own and still reviews our pull requests.',
    },
  ],
  members2024,
};
