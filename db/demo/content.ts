/**
 * The demo content in Russian: three clubs of one network in Екатеринбург with trends, trainings, coaches, a weekly
 * schedule, cards, promos, gallery, partners and a month of bids. Plain data; db/demo/seed.ts stores it and
 * db/demo/pictures.ts draws its pictures (`picture` fields name what to draw).
 */
import type { BidStatus, TrainingLevel } from '#db/schema.ts';

/** All three clubs are in Екатеринбург (UTC+5, no DST): "today" for promo and schedule dates is local there. */
export const TIME_ZONE = 'Asia/Yekaterinburg';

/** What a picture shows; db/demo/pictures.ts draws each of these without any text in it. */
export type Scene =
  | 'gym-floor'
  | 'free-weights'
  | 'yoga-studio'
  | 'pilates-studio'
  | 'functional-zone'
  | 'combat-hall'
  | 'boxing-ring'
  | 'dance-studio'
  | 'cycle-studio'
  | 'reception'
  | 'fitness-bar'
  | 'outdoor-yoga'
  | 'marathon'
  | 'friends';

/** A partner's logo mark (a simple shape; the name is shown as text next to it). */
export type LogoMark = 'leaf' | 'pulse' | 'shield' | 'bean' | 'peaks';

export const GYMS = [
  {
    id: 1,
    name: 'Клуб на Малышева',
    address: 'Екатеринбург, ул. Малышева, 51',
    lat: 56.835_91,
    lng: 60.614_72,
    phone: '+7 343 312-40-51',
    opening_hours: 'Пн–Пт 7:00–23:00, Сб–Вс 9:00–21:00',
    description:
      'Флагманский клуб сети в самом центре города, в пяти минутах от станции метро «Геологическая». Два этажа: тренажёрный зал с зоной свободных весов, студия йоги с панорамными окнами, танцевальный зал, сайкл-студия и зал единоборств. Есть парковка для гостей клуба.',
  },
  {
    id: 2,
    name: 'Клуб на Уралмаше',
    address: 'Екатеринбург, пр. Космонавтов, 43',
    lat: 56.891_37,
    lng: 60.613_48,
    phone: '+7 343 385-17-90',
    opening_hours: 'Пн–Пт 7:00–22:00, Сб–Вс 9:00–20:00',
    description:
      'Клуб для всей семьи рядом со станцией метро «Уралмаш». Здесь самый большой в сети зал единоборств с рингом, сайкл-студия на 18 велотренажёров и отдельная студия пилатеса. По будням до 16:00 действует выгодная утренняя карта.',
  },
  {
    id: 3,
    name: 'Клуб в Академическом',
    address: 'Екатеринбург, ул. Академика Сахарова, 31',
    lat: 56.788_12,
    lng: 60.497_63,
    phone: '+7 343 226-58-03',
    opening_hours: 'Ежедневно 8:00–22:00',
    description:
      'Новый клуб в Академическом районе: просторный зал функционального тренинга, танцевальный зал с зеркальной стеной и зона отдыха с фитнес-баром. Рядом детская площадка и бесплатная парковка.',
  },
] as const;

export interface TrendSeed {
  key: string;
  title: string;
  summary: string;
  description: string;
  room: string;
  capacity: number | null;
  picture: Scene;
}

export const TRENDS: readonly TrendSeed[] = [
  {
    key: 'yoga',
    picture: 'yoga-studio',
    title: 'Йога',
    summary: 'Гибкость, дыхание и спокойная голова после рабочего дня.',
    description:
      'Занятия йогой укрепляют мышцы спины, возвращают подвижность суставам и учат управлять дыханием. Мы проводим классы хатха-йоги для любого уровня и динамичную аштанга-виньясу для тех, кто уже уверенно стоит на коврике. Коврики, блоки и ремни выдаём в клубе.',
    room: 'Студия йоги',
    capacity: 20,
  },
  {
    key: 'pilates',
    picture: 'pilates-studio',
    title: 'Пилатес',
    summary: 'Сильный корпус и здоровая спина без ударных нагрузок.',
    description:
      'Пилатес — это точные, подконтрольные движения, которые прорабатывают глубокие мышцы живота и спины. Подходит после перерыва в тренировках, при сидячей работе и для восстановления после родов (с разрешения врача). Тренер следит за техникой каждого участника.',
    room: 'Студия йоги',
    capacity: 16,
  },
  {
    key: 'functional',
    picture: 'functional-zone',
    title: 'Функциональный тренинг',
    summary: 'Сила, выносливость и координация для повседневной жизни.',
    description:
      'Тренировки с собственным весом, гирями, петлями TRX и медболами. Упражнения повторяют естественные движения — приседания, тяги, броски, переноски, — поэтому сила из зала пригодится и дома, и на даче, и в походе. Нагрузку тренер подбирает под уровень каждого.',
    room: 'Большой зал',
    // An open group: no limit, so the schedule shows no places for it.
    capacity: null,
  },
  {
    key: 'combat',
    picture: 'combat-hall',
    title: 'Единоборства',
    summary: 'Бокс и кикбоксинг: техника, кардио и уверенность в себе.',
    description:
      'Учим правильной стойке, ударам и защите, работаем на мешках, лапах и в парах. Спарринги — только по желанию и под присмотром тренера. Бинты и перчатки можно взять в клубе на первые занятия.',
    room: 'Зал единоборств',
    capacity: 16,
  },
  {
    key: 'dance',
    picture: 'dance-studio',
    title: 'Танцы',
    summary: 'Зумба и хип-хоп: отличное настроение и сотни сожжённых калорий.',
    description:
      'Танцевальные классы для тех, кто не любит монотонные тренировки. Простые связки, которые получаются с первого занятия, зажигательная музыка и дружная группа. Специальная подготовка не нужна — только удобная обувь и желание двигаться.',
    room: 'Танцевальный зал',
    capacity: 25,
  },
  {
    key: 'cycle',
    picture: 'cycle-studio',
    title: 'Сайкл',
    summary: 'Командные заезды на велотренажёрах под ритмичную музыку.',
    description:
      'Сайкл — групповая тренировка на велотренажёрах, которая развивает выносливость и бережёт колени. Сопротивление каждый регулирует сам, поэтому в одной группе комфортно и новичку, и опытному спортсмену. Мониторы показывают пульс и мощность в реальном времени.',
    room: 'Сайкл-студия',
    capacity: 18,
  },
];

export interface TrainingSeed {
  trend: string;
  title: string;
  description: string;
  level: TrainingLevel;
  duration: number;
}

export const TRAININGS: readonly TrainingSeed[] = [
  {
    trend: 'yoga',
    title: 'Хатха-йога',
    level: 'any',
    duration: 75,
    description:
      'Классическая йога в спокойном темпе: асаны с удержанием, дыхательные практики и расслабление в конце занятия. Тренер предлагает упрощённые варианты поз, поэтому класс подходит и для первого знакомства с йогой.',
  },
  {
    trend: 'yoga',
    title: 'Аштанга-виньяса',
    level: 'advanced',
    duration: 90,
    description:
      'Динамичная практика, в которой позы связаны в непрерывный поток с дыханием. Требует хорошей растяжки и опыта занятий йогой не менее полугода.',
  },
  {
    trend: 'pilates',
    title: 'Пилатес на матах',
    level: 'beginner',
    duration: 55,
    description:
      'Базовые упражнения пилатеса на коврике: учимся включать мышцы кора, держать нейтральное положение таза и дышать в ритме движения. Лучший старт для тех, кто давно не занимался.',
  },
  {
    trend: 'pilates',
    title: 'Пилатес для здоровой спины',
    level: 'any',
    duration: 55,
    description:
      'Мягкая тренировка для людей с сидячей работой: разгружаем поясницу, укрепляем мышцы-стабилизаторы, улучшаем осанку. Используем мячи, ролы и фитнес-резинки.',
  },
  {
    trend: 'functional',
    title: 'Функциональный тренинг',
    level: 'intermediate',
    duration: 55,
    description:
      'Круговая тренировка на всё тело с гирями, медболами и петлями TRX. Развивает силу, выносливость и координацию. Подходит тем, кто уже занимается хотя бы пару месяцев.',
  },
  {
    trend: 'functional',
    title: 'HIIT: интервальная тренировка',
    level: 'advanced',
    duration: 45,
    description:
      'Короткие интенсивные интервалы и минимальный отдых: берпи, прыжки, спринты на гребном тренажёре. Сжигает максимум калорий за минимальное время. Не рекомендуется при проблемах с сердцем и суставами.',
  },
  {
    trend: 'combat',
    title: 'Бокс',
    level: 'any',
    duration: 90,
    description:
      'Разминка, техника ударов и защиты, работа на мешках и лапах, общая физическая подготовка. Новички занимаются в отдельной подгруппе, пока не освоят базу.',
  },
  {
    trend: 'combat',
    title: 'Кикбоксинг',
    level: 'intermediate',
    duration: 90,
    description:
      'Ударная техника руками и ногами, комбинации, работа в парах. Отлично развивает выносливость и реакцию. Желательно иметь базовую подготовку по боксу или другому единоборству.',
  },
  {
    trend: 'dance',
    title: 'Зумба',
    level: 'any',
    duration: 55,
    description:
      'Танцевальная фитнес-вечеринка под латиноамериканские и современные ритмы. Простые движения, много энергии и никакой скуки — час пролетает незаметно.',
  },
  {
    trend: 'dance',
    title: 'Хип-хоп для начинающих',
    level: 'beginner',
    duration: 60,
    description:
      'Основы хип-хопа: грув, базовые шаги и короткие связки, которые к концу месяца складываются в полноценный танец. Возраст и опыт не важны.',
  },
  {
    trend: 'cycle',
    title: 'Сайкл: базовый заезд',
    level: 'beginner',
    duration: 45,
    description:
      'Заезд в умеренном темпе: учимся настраивать велотренажёр, держать каденс и следить за пульсом. Хорошая кардиотренировка для первого знакомства с сайклом.',
  },
  {
    trend: 'cycle',
    title: 'Сайкл-интервалы',
    level: 'advanced',
    duration: 50,
    description:
      'Интервальный заезд с подъёмами, спринтами и работой в зонах пульса. Для тех, кто уверенно выдерживает базовый заезд и хочет прибавить в выносливости.',
  },
];

export interface CoachSeed {
  full_name: string;
  position: string;
  summary: string;
  bio: string;
  experience_since: number;
  achievements: string[];
  trends: string[];
  gyms: number[];
}

export const COACHES: readonly CoachSeed[] = [
  {
    full_name: 'Анна Сергеевна Ковалёва',
    position: 'Старший тренер по йоге и пилатесу',
    summary: 'Помогает вернуть спине подвижность, а голове — спокойствие.',
    bio: 'Анна пришла в йогу после травмы спины, а с 2010 года учит других: личная история стала профессией. Окончила УралГУФК, стажировалась в Ришикеше. На занятиях много объясняет и всегда предлагает облегчённые варианты поз.',
    experience_since: 2010,
    achievements: [
      'Сертифицированный преподаватель Yoga Alliance (RYT-500)',
      'Инструктор по пилатесу, сертификат Polestar',
      'Автор программы «Йога для офисной спины»',
    ],
    trends: ['yoga', 'pilates'],
    gyms: [1, 3],
  },
  {
    full_name: 'Дмитрий Андреевич Волков',
    position: 'Тренер по боксу',
    summary: 'Мастер спорта по боксу, ставит технику с нуля.',
    bio: 'Дмитрий двенадцать лет выступал за сборную Свердловской области, а теперь готовит и любителей, и спортсменов к соревнованиям. Считает, что бокс — это в первую очередь голова и ноги, а уже потом руки.',
    experience_since: 2012,
    achievements: [
      'Мастер спорта России по боксу',
      'Чемпион Уральского федерального округа 2011 года',
      'Тренер-преподаватель высшей категории',
    ],
    trends: ['combat'],
    gyms: [1, 2],
  },
  {
    full_name: 'Екатерина Игоревна Смирнова',
    position: 'Тренер по пилатесу и йоге',
    summary: 'Бережные тренировки для тех, кто возвращается к спорту.',
    bio: 'Екатерина — физический терапевт по образованию. Работает с людьми после травм и долгих перерывов в тренировках, ведёт группы пилатеса для здоровой спины. На её занятиях не бывает боли — только точная работа мышц.',
    experience_since: 2015,
    achievements: ['Диплом УГМУ по специальности «Физическая реабилитация»', 'Сертификат STOTT PILATES'],
    trends: ['pilates', 'yoga'],
    gyms: [2],
  },
  {
    full_name: 'Максим Олегович Лебедев',
    position: 'Тренер по функциональному тренингу',
    summary: 'Сила и выносливость без скучных повторений.',
    bio: 'Максим — бывший легкоатлет, многоборец. Строит тренировки так, чтобы каждая неделя была немного сложнее предыдущей, и ведёт учёт результатов каждого подопечного. По выходным проводит заезды в сайкл-студии.',
    experience_since: 2014,
    achievements: [
      'Кандидат в мастера спорта по лёгкой атлетике',
      'Сертифицированный тренер TRX и kettlebell',
      'Финишер марафона «Европа — Азия»',
    ],
    trends: ['functional', 'cycle'],
    gyms: [1],
  },
  {
    full_name: 'Ольга Викторовна Морозова',
    position: 'Хореограф, тренер по танцам',
    summary: 'Зумба и хип-хоп, после которых хочется танцевать ещё.',
    bio: 'Ольга в танце с 2006 года: от народного ансамбля до хип-хоп-баттлов. Лицензированный инструктор Zumba. Умеет раскрепостить даже тех, кто уверен, что танцевать не умеет.',
    experience_since: 2006,
    achievements: ['Лицензированный инструктор Zumba Fitness', 'Призёр чемпионата Урала по хип-хопу'],
    trends: ['dance'],
    gyms: [1, 2],
  },
  {
    full_name: 'Артём Николаевич Зайцев',
    position: 'Тренер по кикбоксингу и функциональному тренингу',
    summary: 'Ставит удар и выносливость одновременно.',
    bio: 'Артём — действующий спортсмен, выступает в любительских турнирах по кикбоксингу. В тренировках сочетает ударную технику с функциональной подготовкой, поэтому его группы отличаются отличной формой.',
    experience_since: 2016,
    achievements: ['Кандидат в мастера спорта по кикбоксингу', 'Победитель Кубка Екатеринбурга 2019 года'],
    trends: ['combat', 'functional'],
    gyms: [2, 3],
  },
  {
    full_name: 'Марина Александровна Павлова',
    position: 'Тренер по сайклу',
    summary: 'Заезды, на которых пульс и настроение растут вместе.',
    bio: 'Марина — велосипедистка-любительница с десятком многодневных веломарафонов за плечами. Подбирает музыку под каждый отрезок заезда и учит работать по пульсовым зонам. Ведёт также функциональные тренировки для начинающих.',
    experience_since: 2017,
    achievements: ['Сертифицированный инструктор Schwinn Cycling', 'Участница веломарафона «Уральская сотка»'],
    trends: ['cycle', 'functional'],
    gyms: [2, 3],
  },
  {
    full_name: 'Игорь Валерьевич Соколов',
    position: 'Тренер по боксу',
    summary: 'Бокс для взрослых, которые никогда не занимались.',
    bio: 'Игорь много лет работал с детскими группами, а теперь учит взрослых новичков. Терпеливо разбирает каждую ошибку и выстраивает нагрузку так, чтобы заниматься было безопасно в любом возрасте.',
    experience_since: 2009,
    achievements: ['Мастер спорта России по боксу', 'Судья всероссийской категории'],
    trends: ['combat'],
    gyms: [3],
  },
  {
    full_name: 'Юлия Дмитриевна Новикова',
    position: 'Тренер по йоге',
    summary: 'Утренняя йога, которая заряжает на весь день.',
    bio: 'Юлия ведёт ранние классы хатха-йоги и практики дыхания. До йоги работала инженером-проектировщиком и хорошо знает, как устают шея и плечи за компьютером. Её занятия — про внимание к себе без фанатизма.',
    experience_since: 2018,
    achievements: ['Сертификат преподавателя хатха-йоги (RYT-200)', 'Курс «Йогатерапия при болях в шее и спине»'],
    trends: ['yoga'],
    gyms: [1],
  },
  {
    full_name: 'Алина Руслановна Гарипова',
    position: 'Тренер по танцам и пилатесу',
    summary: 'Танец и пилатес: пластика, осанка и лёгкость.',
    bio: 'Алина окончила хореографическое училище и десять лет танцевала в театре современного танца. Сейчас ведёт зумбу, хип-хоп и пилатес — говорит, что это три стороны одной задачи: чувствовать своё тело.',
    experience_since: 2013,
    achievements: ['Диплом Екатеринбургского хореографического училища', 'Инструктор по пилатесу, сертификат BASI'],
    trends: ['dance', 'pilates'],
    gyms: [1, 3],
  },
];

/**
 * Earlier versions of the first coach, oldest first, so the staff area shows a record with a history
 * (docs/revisions.md): each lists what differed from the coach's current values, which are the newest version.
 */
export const COACH_HISTORY = {
  coach: 0,
  editor: 'Марина Орлова',
  versions: [
    {
      daysAgo: 21,
      kind: 'create',
      changes: { position: 'Тренер по йоге', summary: 'Йога для спины и спокойной головы.' },
    },
    { daysAgo: 9, kind: 'update', changes: { summary: 'Йога для спины и спокойной головы.' } },
    { daysAgo: 2, kind: 'update', changes: {} },
  ],
} as const;

/** Start times: weekdays from early morning to late evening, weekends from mid-morning. */
export const WEEKDAY_TIMES = ['07:30', '10:00', '13:00', '18:00', '19:45'];
export const WEEKEND_TIMES = ['10:00', '11:45', '13:30', '17:00'];
// Slots 105 minutes apart and no training longer than 90 minutes: no room is ever double-booked.

export interface CardSeed {
  key: string;
  title: string;
  description: string;
  price: number;
  validity_months: number | null;
  validity_visits: number | null;
  features: string[];
  highlighted: boolean;
  gyms: number[];
}

export const CARDS: readonly CardSeed[] = [
  {
    key: 'single',
    title: 'Разовое посещение',
    description: 'Чтобы попробовать клуб или позаниматься, когда вы в другом районе города.',
    price: 1500,
    validity_months: null,
    validity_visits: 1,
    features: ['Тренажёрный зал или любая групповая тренировка', 'Шкафчик и полотенце', 'Действует в любом клубе сети'],
    highlighted: false,
    gyms: [],
  },
  {
    key: 'morning',
    title: 'Утренняя карта',
    description: 'Для тех, кто тренируется до работы или в обеденный перерыв.',
    price: 2990,
    validity_months: 1,
    validity_visits: null,
    features: [
      'Посещение по будням с 7:00 до 16:00',
      'Тренажёрный зал и групповые тренировки',
      'Действует только в клубе на Уралмаше',
    ],
    highlighted: false,
    gyms: [2],
  },
  {
    key: 'month',
    title: 'Месяц без ограничений',
    description: 'Полный доступ ко всем клубам сети на 30 дней.',
    price: 4990,
    validity_months: 1,
    validity_visits: null,
    features: [
      'Тренажёрный зал и все групповые тренировки',
      'Любое время работы клуба',
      'Вводная тренировка с тренером',
      'Все клубы сети',
    ],
    highlighted: false,
    gyms: [],
  },
  {
    key: 'year',
    title: 'Годовая карта',
    description: 'Самый выгодный вариант для тех, кто тренируется регулярно: меньше 2 100 ₽ в месяц.',
    price: 24900,
    validity_months: 12,
    validity_visits: null,
    features: [
      'Тренажёрный зал и все групповые тренировки',
      'Заморозка до 60 дней',
      'Пять гостевых визитов для друзей',
      'Две персональные тренировки в подарок',
      'Все клубы сети',
    ],
    highlighted: true,
    gyms: [],
  },
];

export interface PromoSeed {
  title: string;
  text: string;
  /** Days from today, inclusive. */
  starts: number;
  ends: number;
  card: string | null;
  gyms: number[];
  picture: Scene;
}

export const PROMOS: readonly PromoSeed[] = [
  {
    // Current (docs/demo-content.md: one current, one expired, one future).
    title: 'Первый месяц за 3 490 ₽',
    text: 'Для тех, кто ещё не занимался в наших клубах: карта «Месяц без ограничений» со скидкой 30 %. В подарок — вводная тренировка с тренером и фирменное полотенце. Оставьте заявку, и администратор перезвонит, чтобы записать вас на первый визит.',
    starts: -10,
    ends: 20,
    card: 'month',
    gyms: [],
    picture: 'gym-floor',
  },
  {
    // Expired.
    title: 'Приведи друга — две недели в подарок',
    text: 'Приведите друга, который купит любую карту от месяца, и мы продлим вашу карту на 14 дней. Количество друзей не ограничено.',
    starts: -60,
    ends: -30,
    card: null,
    gyms: [1, 2],
    picture: 'friends',
  },
  {
    // Future.
    title: 'Открытие новой сайкл-студии',
    text: 'В клубе в Академическом открывается сайкл-студия на 24 велотренажёра с мониторами мощности. Всю первую неделю заезды бесплатны для членов клуба и их друзей — записывайтесь заранее, мест немного.',
    starts: 30,
    ends: 60,
    card: null,
    gyms: [3],
    picture: 'cycle-studio',
  },
];

export interface GallerySeed {
  caption: string;
  alt: string;
  gym: number | null;
  picture: Scene;
}

export const GALLERY: readonly GallerySeed[] = [
  {
    gym: 1,
    caption: 'Тренажёрный зал на Малышева',
    alt: 'Просторный тренажёрный зал с силовыми рамами и рядом гантелей',
    picture: 'gym-floor',
  },
  {
    gym: 1,
    caption: 'Студия йоги',
    alt: 'Светлая студия йоги с ковриками у панорамных окон',
    picture: 'yoga-studio',
  },
  {
    gym: 1,
    caption: 'Сайкл-студия',
    alt: 'Ряды велотренажёров в затемнённой студии с цветной подсветкой',
    picture: 'cycle-studio',
  },
  {
    gym: 1,
    caption: 'Зона свободных весов',
    alt: 'Силовые рамы со штангами и стойка с гантелями',
    picture: 'free-weights',
  },
  {
    gym: 2,
    caption: 'Ринг на Уралмаше',
    alt: 'Боксёрский ринг и ряд тяжёлых мешков в зале единоборств',
    picture: 'combat-hall',
  },
  {
    gym: 2,
    caption: 'Студия пилатеса',
    alt: 'Коврики, фитболы и ролы, разложенные в светлой студии пилатеса',
    picture: 'pilates-studio',
  },
  {
    gym: 2,
    caption: 'Стойка администратора',
    alt: 'Светлая стойка администратора с подвесными светильниками у входа в клуб',
    picture: 'reception',
  },
  {
    gym: 3,
    caption: 'Танцевальный зал',
    alt: 'Танцевальный зал с зеркальной стеной и деревянным полом',
    picture: 'dance-studio',
  },
  { gym: 3, caption: 'Фитнес-бар', alt: 'Зона отдыха с высокими стульями у фитнес-бара', picture: 'fitness-bar' },
  {
    gym: null,
    caption: 'Турнир клуба по боксу',
    alt: 'Два боксёра на ринге под прожекторами во время турнира клуба',
    picture: 'boxing-ring',
  },
  {
    gym: null,
    caption: 'Йога на открытом воздухе',
    alt: 'Группа занимается йогой на траве в городском парке',
    picture: 'outdoor-yoga',
  },
  {
    gym: null,
    caption: 'Команда клуба на марафоне',
    alt: 'Бегуны клуба на городской улице во время забега',
    picture: 'marathon',
  },
];

export interface PartnerSeed {
  name: string;
  url: string;
  description: string;
  mark: LogoMark;
  /** The mark's colour. */
  color: string;
}

export const PARTNERS: readonly PartnerSeed[] = [
  {
    name: 'Зелёная тарелка',
    url: 'https://zelenaya-tarelka.example/',
    description:
      'Доставка сбалансированного питания. Членам клуба — скидка 10 % на рационы по промокоду из приложения.',
    mark: 'leaf',
    color: '#2f9e44',
  },
  {
    name: 'Клиника «Движение»',
    url: 'https://clinic-dvizhenie.example/',
    description: 'Спортивная медицина и реабилитация: консультации травматолога, массаж и функциональная диагностика.',
    mark: 'pulse',
    color: '#1971c2',
  },
  {
    name: 'Ринг-Экипировка',
    url: 'https://ring-equip.example/',
    description: 'Магазин экипировки для единоборств. Перчатки, бинты и защита со скидкой 15 % по карте клуба.',
    mark: 'shield',
    color: '#c92a2a',
  },
  {
    name: 'Кофейня «Зерно»',
    url: 'https://zerno-coffee.example/',
    description: 'Кофе и протеиновые смузи после тренировки: кофейни рядом с клубами на Малышева и на Уралмаше.',
    mark: 'bean',
    color: '#7a4a2a',
  },
  {
    name: 'Бег Урала',
    url: 'https://run-ural.example/',
    description: 'Беговое сообщество Екатеринбурга: совместные пробежки, старты и подготовка к марафону.',
    mark: 'peaks',
    color: '#5f3dc4',
  },
];

export type BidSubject =
  | { kind: 'trial' | 'other' }
  | { kind: 'card'; card: string }
  | { kind: 'coach'; coach: number }
  | { kind: 'training'; training: number }
  | { kind: 'promo'; promo: number };

export interface BidSeed {
  name: string;
  phone: string;
  gym: number | null;
  subject: BidSubject;
  comment: string;
  /** Created this many days ago (0 = today), at `hour` local time. */
  daysAgo: number;
  hour: number;
  status: BidStatus;
  source: string;
  utm?: Record<string, string>;
  note?: string;
}

const YANDEX_UTM = { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'trial' };
const VK_UTM = { utm_source: 'vk', utm_medium: 'social', utm_campaign: 'first_month' };

export const BIDS: readonly BidSeed[] = [
  {
    name: 'Ирина Петрова',
    phone: '+79122345671',
    gym: 1,
    subject: { kind: 'trial' },
    comment: 'Хочу попробовать йогу, удобно вечером после 19:00.',
    daysAgo: 0,
    hour: 9,
    status: 'new',
    source: '/new',
    utm: YANDEX_UTM,
  },
  {
    name: 'Сергей Кузнецов',
    phone: '+79221234567',
    gym: 2,
    subject: { kind: 'card', card: 'morning' },
    comment: '',
    daysAgo: 0,
    hour: 8,
    status: 'new',
    source: '/',
  },
  {
    name: 'Алексей',
    phone: '+79505553311',
    gym: 1,
    subject: { kind: 'coach', coach: 1 },
    comment: 'Можно ли персональную тренировку в субботу?',
    daysAgo: 1,
    hour: 14,
    status: 'new',
    source: '/coaches',
  },
  {
    name: 'Наталья Белова',
    phone: '+79045670123',
    gym: 3,
    subject: { kind: 'promo', promo: 0 },
    comment: '',
    daysAgo: 1,
    hour: 19,
    status: 'new',
    source: '/promos',
    utm: VK_UTM,
  },
  {
    name: 'Тимур Хасанов',
    phone: '+79826781290',
    gym: 2,
    subject: { kind: 'training', training: 6 },
    comment: 'Никогда не занимался боксом, мне 38 лет — не поздно?',
    daysAgo: 2,
    hour: 21,
    status: 'new',
    source: '/trainings',
  },
  {
    name: 'Елена Сидорова',
    phone: '+79120009876',
    gym: 1,
    subject: { kind: 'trial' },
    comment: '',
    daysAgo: 3,
    hour: 12,
    status: 'new',
    source: '/',
  },
  {
    name: 'Павел Иванов',
    phone: '+79086543210',
    gym: null,
    subject: { kind: 'other' },
    comment: 'Есть ли корпоративные карты для компании на 15 человек?',
    daysAgo: 4,
    hour: 11,
    status: 'new',
    source: '/',
  },
  {
    name: 'Ксения Миронова',
    phone: '+79533219087',
    gym: 3,
    subject: { kind: 'trial' },
    comment: 'Интересуют танцы.',
    daysAgo: 3,
    hour: 17,
    status: 'in_progress',
    source: '/new',
    utm: YANDEX_UTM,
    note: 'Не дозвонились, перезвонить вечером',
  },
  {
    name: 'Андрей Фёдоров',
    phone: '+79221112233',
    gym: 1,
    subject: { kind: 'card', card: 'year' },
    comment: 'Можно ли оплатить в рассрочку?',
    daysAgo: 5,
    hour: 10,
    status: 'in_progress',
    source: '/',
    note: 'Отправили условия рассрочки, ждём решения',
  },
  {
    name: 'Мария Гончарова',
    phone: '+79617894561',
    gym: 2,
    subject: { kind: 'training', training: 3 },
    comment: 'После операции на колене, врач разрешил пилатес.',
    daysAgo: 6,
    hour: 15,
    status: 'in_progress',
    source: '/trainings',
    note: 'Передали Екатерине Смирновой, согласует программу',
  },
  {
    name: 'Роман Ахметов',
    phone: '+79058887766',
    gym: 3,
    subject: { kind: 'coach', coach: 7 },
    comment: '',
    daysAgo: 8,
    hour: 13,
    status: 'in_progress',
    source: '/coaches',
    note: 'Подбираем удобное время',
  },
  {
    name: 'Виктория Лапина',
    phone: '+79024446655',
    gym: 1,
    subject: { kind: 'promo', promo: 0 },
    comment: 'Подруга тоже хочет, можно вдвоём?',
    daysAgo: 9,
    hour: 20,
    status: 'in_progress',
    source: '/promos',
    utm: VK_UTM,
    note: 'Записали обеих на вводную тренировку',
  },
  {
    name: 'Олег Чернов',
    phone: '+79126667788',
    gym: 2,
    subject: { kind: 'trial' },
    comment: '',
    daysAgo: 11,
    hour: 9,
    status: 'done',
    source: '/new',
    utm: YANDEX_UTM,
    note: 'Пришёл на пробное, купил месячную карту',
  },
  {
    name: 'Дарья Комарова',
    phone: '+79503332211',
    gym: 1,
    subject: { kind: 'training', training: 0 },
    comment: 'Есть ли коврики в клубе?',
    daysAgo: 13,
    hour: 16,
    status: 'done',
    source: '/trainings',
    note: 'Ответили по телефону, записали на хатху',
  },
  {
    name: 'Евгений Титов',
    phone: '+79827770011',
    gym: 3,
    subject: { kind: 'card', card: 'month' },
    comment: '',
    daysAgo: 15,
    hour: 18,
    status: 'done',
    source: '/',
    note: 'Карта оформлена',
  },
  {
    name: 'Светлана Орлова',
    phone: '+79041239870',
    gym: 2,
    subject: { kind: 'coach', coach: 4 },
    comment: 'Хочу на зумбу к Ольге.',
    daysAgo: 18,
    hour: 12,
    status: 'done',
    source: '/coaches',
    note: 'Записали на пробное занятие',
  },
  {
    name: 'Никита Егоров',
    phone: '+79225558899',
    gym: 1,
    subject: { kind: 'trial' },
    comment: '',
    daysAgo: 22,
    hour: 10,
    status: 'done',
    source: '/',
    note: 'Был на пробном, думает',
  },
  {
    name: 'Гульнара Сафина',
    phone: '+79619990022',
    gym: 3,
    subject: { kind: 'training', training: 8 },
    comment: '',
    daysAgo: 25,
    hour: 19,
    status: 'done',
    source: '/trainings',
    utm: VK_UTM,
    note: 'Купила карту на 12 месяцев',
  },
  {
    name: 'Тест Тестович',
    phone: '+79000000000',
    gym: 1,
    subject: { kind: 'trial' },
    comment: 'проверка',
    daysAgo: 20,
    hour: 3,
    status: 'rejected',
    source: '/',
    note: 'Тестовая заявка',
  },
  {
    name: 'Людмила Воронина',
    phone: '+79087771122',
    gym: 2,
    subject: { kind: 'promo', promo: 1 },
    comment: 'Хочу по акции «Приведи друга».',
    daysAgo: 29,
    hour: 14,
    status: 'rejected',
    source: '/promos',
    note: 'Акция уже закончилась, предложили актуальные условия — отказалась',
  },
];

/** The demo club's personal-data processing policy (docs/product/bids.md, "Consent and the policy"). */
export const PRIVACY_POLICY = {
  title: 'Политика обработки персональных данных',
  body: `Настоящая политика описывает, как сеть фитнес-клубов «Атлетика» обрабатывает персональные данные посетителей сайта в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных».

## Оператор
ООО «Атлетика Урал», ИНН 6670000000, ОГРН 1236600000000. Адрес: 620075, Екатеринбург, ул. Малышева, 51. Ответственный за обработку персональных данных — управляющий сетью клубов.

## Цели обработки
- обработать вашу заявку и перезвонить: записать на пробное занятие, рассказать о клубной карте, тренере, тренировке или акции;
- вести учёт заявок и контролировать качество работы администраторов.

## Какие данные мы обрабатываем
- имя и номер телефона;
- комментарий к заявке, если вы его оставили;
- клуб, страница сайта и рекламные метки (UTM), с которых отправлена заявка;
- дата и время согласия, версия этой политики и IP-адрес, с которого оно дано.

## Сроки хранения
Заявки хранятся три года с момента отправки, затем удаляются. Если вы отзовёте согласие раньше, данные будут удалены в течение 30 дней.

## Передача третьим лицам
Мы не передаём ваши данные третьим лицам. Данные хранятся на серверах в России.

## Как отозвать согласие
Отправьте письмо на privacy@atletika.example или позвоните по телефону +7 343 312-40-51, назвав номер телефона из заявки. Мы прекратим обработку и удалим ваши данные в течение 30 дней и сообщим об этом.

## Контакты
ООО «Атлетика Урал»: Екатеринбург, ул. Малышева, 51; +7 343 312-40-51; privacy@atletika.example.`,
} as const;

/**
 * People signed up for sessions of the first club (docs/product/signups.md). The seed books the first ones for the
 * day's first session, fills the second one (its day's capacity is lowered to `FULL_SESSION_CAPACITY`) and puts the
 * rest on its waiting list, and signs two up for the cancelled session, whose phones staff must call.
 */
export const SIGNUP_PEOPLE: readonly { name: string; phone: string }[] = [
  { name: 'Алина Морозова', phone: '+79123450101' },
  { name: 'Денис Голубев', phone: '+79123450102' },
  { name: 'Вера Лебедева', phone: '+79123450103' },
  { name: 'Кирилл Сафонов', phone: '+79123450104' },
  { name: 'Полина Зайцева', phone: '+79123450105' },
  { name: 'Роман Кузьмин', phone: '+79123450106' },
  { name: 'Ульяна Белова', phone: '+79123450107' },
  { name: 'Тимур Яковлев', phone: '+79123450108' },
  { name: 'Софья Орлова', phone: '+79123450109' },
  { name: 'Глеб Никитин', phone: '+79123450110' },
  { name: 'Мария Титова', phone: '+79123450111' },
];
export const FULL_SESSION_CAPACITY = 4;

/**
 * A month of attendance and outcomes in the first club (docs/product/report.md, "Demo content"): each of the last
 * `ATTENDANCE_DAYS` days its first session had two people from the schedule, and every other day a trial bid from an
 * ad campaign booked onto it; marks and outcomes follow the patterns in db/demo/seed.ts.
 */
export const ATTENDANCE_DAYS = 28;
export const ATTENDANCE_PEOPLE: readonly { name: string; phone: string }[] = [
  { name: 'Евгения Крылова', phone: '+79123460201' },
  { name: 'Олег Фомин', phone: '+79123460202' },
  { name: 'Виктория Громова', phone: '+79123460203' },
  { name: 'Станислав Борисов', phone: '+79123460204' },
  { name: 'Наталья Волкова', phone: '+79123460205' },
  { name: 'Павел Шестаков', phone: '+79123460206' },
  { name: 'Ангелина Миронова', phone: '+79123460207' },
  { name: 'Егор Сорокин', phone: '+79123460208' },
  { name: 'Лилия Гусева', phone: '+79123460209' },
  { name: 'Марат Хабибуллин', phone: '+79123460210' },
  { name: 'Татьяна Ершова', phone: '+79123460211' },
  { name: 'Илья Карпов', phone: '+79123460212' },
  { name: 'Диана Власова', phone: '+79123460213' },
];
/** People who came for a trial in that month: new to the club, one each. */
export const ATTENDANCE_TRIAL_PEOPLE: readonly { name: string; phone: string }[] = [
  { name: 'Ярослава Медведева', phone: '+79123460301' },
  { name: 'Артур Галиев', phone: '+79123460302' },
  { name: 'Кристина Андреева', phone: '+79123460303' },
  { name: 'Максим Тарасов', phone: '+79123460304' },
  { name: 'Алёна Степанова', phone: '+79123460305' },
  { name: 'Владислав Жуков', phone: '+79123460306' },
  { name: 'Эльвира Сафина', phone: '+79123460307' },
  { name: 'Григорий Осипов', phone: '+79123460308' },
  { name: 'Юлия Родионова', phone: '+79123460309' },
  { name: 'Фёдор Исаев', phone: '+79123460310' },
  { name: 'Оксана Рябова', phone: '+79123460311' },
  { name: 'Руслан Ахметов', phone: '+79123460312' },
  { name: 'Валерия Комарова', phone: '+79123460313' },
  { name: 'Антон Лаптев', phone: '+79123460314' },
];
/** Where the month's trial bids came from: a search campaign, a social one, and people without tags. */
export const ATTENDANCE_TRIAL_UTMS: readonly Record<string, string>[] = [
  { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'trial' },
  { utm_source: 'vk', utm_medium: 'social', utm_campaign: 'first_month' },
  {},
];
export const ATTENDANCE_NOT_BOUGHT = ['Дорого', 'Неудобное время или место', 'Подумает, перезвонить позже'] as const;
