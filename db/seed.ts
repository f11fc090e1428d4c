/**
 * Demo content for the first start on an empty database (SPEC §2, "Demo seed").
 *
 * Three clubs of one network in Yekaterinburg with trends, trainings, coaches, a full weekly
 * schedule, cards, promos, gallery, partners and a month of bids. Dates are computed from "today",
 * so the current promo is always current and the schedule changes always fall in this week.
 * Pictures are drawn as SVG and rendered by sharp: no downloads. Staff accounts are not seeded
 * (see ADMIN_EMAIL / the staff CLI).
 */
import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import type { Storage } from '#app/infra/storage.server.ts';
import { type PreparedImage, prepareImage, saveImage } from '#app/services/image-intake.server.ts';
import type { BidKind, BidStatus, DB, TrainingLevel } from '#db/schema.ts';

// Required counts — SPEC §2: "at least 3 gyms (one with id 1), 6 trends, 12 trainings, 10 coaches,
// a full week of schedule for every gym, 4 cards, 3 promos (one current, one expired, one future),
// 12 gallery images, 5 partners and 20 bids in mixed statuses".
export const DEMO_GYMS = 3;
export const DEMO_TRENDS = 6;
export const DEMO_TRAININGS = 12;
export const DEMO_COACHES = 10;
export const DEMO_CARDS = 4;
export const DEMO_PROMOS = 3;
export const DEMO_GALLERY_IMAGES = 12;
export const DEMO_PARTNERS = 5;
export const DEMO_BIDS = 20;
/** Not in the SPEC: enough coaches per club for the coach pages to look alive. */
export const MIN_COACHES_PER_GYM = 4;

/** Storage key prefix of every seeded picture. */
export const SEED_KEY_PREFIX = 'seed';
/** Consent text version recorded with seeded bids. */
const CONSENT_VERSION = 'v1';
/** All three clubs are in Yekaterinburg (UTC+5): "today" for promo and schedule dates is local there. */
const TIME_ZONE = 'Asia/Yekaterinburg';

// Picture sizes: covers 16:9, coach portraits 4:5, partner logos 2:1, gallery 3:2.
const COVER_SIZE = { width: 1600, height: 900 };
const PORTRAIT_SIZE = { width: 800, height: 1000 };
const LOGO_SIZE = { width: 400, height: 200 };
const GALLERY_SIZE = { width: 1200, height: 800 };

type Palette = readonly [string, string];
const PALETTES: readonly Palette[] = [
  ['#ff6b35', '#c81d4e'],
  ['#1e88e5', '#3949ab'],
  ['#00a884', '#006c67'],
  ['#8e44ad', '#d63384'],
  ['#f4a300', '#e8590c'],
  ['#2b2d42', '#4361ee'],
  ['#2a9d8f', '#264653'],
  ['#e76f51', '#6d597a'],
];

// ─── Content ────────────────────────────────────────────────────────────────────────────────────

const GYMS = [
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

interface TrendSeed {
  key: string;
  title: string;
  summary: string;
  description: string;
  room: string;
  capacity: number | null;
}

const TRENDS: readonly TrendSeed[] = [
  {
    key: 'yoga',
    title: 'Йога',
    summary: 'Гибкость, дыхание и спокойная голова после рабочего дня.',
    description:
      'Занятия йогой укрепляют мышцы спины, возвращают подвижность суставам и учат управлять дыханием. Мы проводим классы хатха-йоги для любого уровня и динамичную аштанга-виньясу для тех, кто уже уверенно стоит на коврике. Коврики, блоки и ремни выдаём в клубе.',
    room: 'Студия йоги',
    capacity: 20,
  },
  {
    key: 'pilates',
    title: 'Пилатес',
    summary: 'Сильный корпус и здоровая спина без ударных нагрузок.',
    description:
      'Пилатес — это точные, подконтрольные движения, которые прорабатывают глубокие мышцы живота и спины. Подходит после перерыва в тренировках, при сидячей работе и для восстановления после родов (с разрешения врача). Тренер следит за техникой каждого участника.',
    room: 'Студия йоги',
    capacity: 16,
  },
  {
    key: 'functional',
    title: 'Функциональный тренинг',
    summary: 'Сила, выносливость и координация для повседневной жизни.',
    description:
      'Тренировки с собственным весом, гирями, петлями TRX и медболами. Упражнения повторяют естественные движения — приседания, тяги, броски, переноски, — поэтому сила из зала пригодится и дома, и на даче, и в походе. Нагрузку тренер подбирает под уровень каждого.',
    room: 'Большой зал',
    capacity: 24,
  },
  {
    key: 'combat',
    title: 'Единоборства',
    summary: 'Бокс и кикбоксинг: техника, кардио и уверенность в себе.',
    description:
      'Учим правильной стойке, ударам и защите, работаем на мешках, лапах и в парах. Спарринги — только по желанию и под присмотром тренера. Бинты и перчатки можно взять в клубе на первые занятия.',
    room: 'Зал единоборств',
    capacity: 16,
  },
  {
    key: 'dance',
    title: 'Танцы',
    summary: 'Зумба и хип-хоп: отличное настроение и сотни сожжённых калорий.',
    description:
      'Танцевальные классы для тех, кто не любит монотонные тренировки. Простые связки, которые получаются с первого занятия, зажигательная музыка и дружная группа. Специальная подготовка не нужна — только удобная обувь и желание двигаться.',
    room: 'Танцевальный зал',
    capacity: 25,
  },
  {
    key: 'cycle',
    title: 'Сайкл',
    summary: 'Командные заезды на велотренажёрах под ритмичную музыку.',
    description:
      'Сайкл — групповая тренировка на велотренажёрах, которая развивает выносливость и бережёт колени. Сопротивление каждый регулирует сам, поэтому в одной группе комфортно и новичку, и опытному спортсмену. Мониторы показывают пульс и мощность в реальном времени.',
    room: 'Сайкл-студия',
    capacity: 18,
  },
];

interface TrainingSeed {
  trend: string;
  title: string;
  description: string;
  level: TrainingLevel;
  duration: number;
}

const TRAININGS: readonly TrainingSeed[] = [
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

interface CoachSeed {
  full_name: string;
  position: string;
  summary: string;
  bio: string;
  experience_since: number;
  achievements: string[];
  trends: string[];
  gyms: number[];
}

const COACHES: readonly CoachSeed[] = [
  {
    full_name: 'Анна Сергеевна Ковалёва',
    position: 'Старший тренер по йоге и пилатесу',
    summary: 'Помогает вернуть спине подвижность, а голове — спокойствие.',
    bio: 'Анна пришла в йогу после травмы спины и за пятнадцать лет превратила личную историю в профессию. Окончила УралГУФК, стажировалась в Ришикеше. На занятиях много объясняет и всегда предлагает облегчённые варианты поз.',
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
    bio: 'Ольга двадцать лет в танце: от народного ансамбля до хип-хоп-баттлов. Лицензированный инструктор Zumba. Умеет раскрепостить даже тех, кто уверен, что танцевать не умеет.',
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

/** Start times: weekdays from early morning to late evening, weekends from mid-morning. */
const WEEKDAY_TIMES = ['07:30', '10:00', '13:00', '18:00', '19:45'];
const WEEKEND_TIMES = ['10:00', '11:45', '13:30', '17:00'];
// Slots 105 minutes apart and no training longer than 90 minutes: no room is ever double-booked.

interface CardSeed {
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

const CARDS: readonly CardSeed[] = [
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

interface PromoSeed {
  title: string;
  text: string;
  /** Days from today, inclusive. */
  starts: number;
  ends: number;
  card: string | null;
  gyms: number[];
}

const PROMOS: readonly PromoSeed[] = [
  {
    // Current: SPEC §2 "one current".
    title: 'Первый месяц за 3 490 ₽',
    text: 'Для тех, кто ещё не занимался в наших клубах: карта «Месяц без ограничений» со скидкой 30 %. В подарок — вводная тренировка с тренером и фирменное полотенце. Оставьте заявку, и администратор перезвонит, чтобы записать вас на первый визит.',
    starts: -10,
    ends: 20,
    card: 'month',
    gyms: [],
  },
  {
    // Expired: SPEC §2 "one expired".
    title: 'Приведи друга — две недели в подарок',
    text: 'Приведите друга, который купит любую карту от месяца, и мы продлим вашу карту на 14 дней. Количество друзей не ограничено.',
    starts: -60,
    ends: -30,
    card: null,
    gyms: [1, 2],
  },
  {
    // Future: SPEC §2 "one future".
    title: 'Открытие новой сайкл-студии',
    text: 'В клубе в Академическом открывается сайкл-студия на 24 велотренажёра с мониторами мощности. Всю первую неделю заезды бесплатны для членов клуба и их друзей — записывайтесь заранее, мест немного.',
    starts: 30,
    ends: 60,
    card: null,
    gyms: [3],
  },
];

const GALLERY: readonly { caption: string; alt: string; gym: number | null }[] = [
  {
    gym: 1,
    caption: 'Тренажёрный зал на Малышева',
    alt: 'Просторный тренажёрный зал с силовыми рамами и рядом гантелей',
  },
  { gym: 1, caption: 'Студия йоги', alt: 'Светлая студия йоги с ковриками у панорамных окон' },
  { gym: 1, caption: 'Сайкл-студия', alt: 'Ряды велотренажёров с мониторами в затемнённой студии' },
  { gym: 1, caption: 'Зона свободных весов', alt: 'Стойка со штангами и помост для тяжёлой атлетики' },
  { gym: 2, caption: 'Ринг на Уралмаше', alt: 'Боксёрский ринг и ряд тяжёлых мешков в зале единоборств' },
  { gym: 2, caption: 'Студия пилатеса', alt: 'Коврики, мячи и ролы, разложенные в студии пилатеса' },
  { gym: 2, caption: 'Стойка администратора', alt: 'Светлая стойка администратора у входа в клуб' },
  { gym: 3, caption: 'Танцевальный зал', alt: 'Танцевальный зал с зеркальной стеной и деревянным полом' },
  { gym: 3, caption: 'Фитнес-бар', alt: 'Зона отдыха с диванами и фитнес-баром' },
  { gym: null, caption: 'Турнир клуба по боксу', alt: 'Два боксёра в перчатках на ринге во время турнира' },
  { gym: null, caption: 'Йога на открытом воздухе', alt: 'Группа занимается йогой на траве в городском парке' },
  { gym: null, caption: 'Команда клуба на марафоне', alt: 'Бегуны в одинаковых футболках клуба на старте забега' },
];

const PARTNERS: readonly { name: string; url: string; description: string }[] = [
  {
    name: 'Зелёная тарелка',
    url: 'https://zelenaya-tarelka.example/',
    description:
      'Доставка сбалансированного питания. Членам клуба — скидка 10 % на рационы по промокоду из приложения.',
  },
  {
    name: 'Клиника «Движение»',
    url: 'https://clinic-dvizhenie.example/',
    description: 'Спортивная медицина и реабилитация: консультации травматолога, массаж и функциональная диагностика.',
  },
  {
    name: 'Ринг-Экипировка',
    url: 'https://ring-equip.example/',
    description: 'Магазин экипировки для единоборств. Перчатки, бинты и защита со скидкой 15 % по карте клуба.',
  },
  {
    name: 'Кофейня «Зерно»',
    url: 'https://zerno-coffee.example/',
    description: 'Кофе и протеиновые смузи после тренировки: кофейни рядом с клубами на Малышева и на Уралмаше.',
  },
  {
    name: 'Бег Урала',
    url: 'https://run-ural.example/',
    description: 'Беговое сообщество Екатеринбурга: совместные пробежки, старты и подготовка к марафону.',
  },
];

type BidSubject =
  | { kind: 'trial' | 'other' }
  | { kind: 'card'; card: string }
  | { kind: 'coach'; coach: number }
  | { kind: 'training'; training: number }
  | { kind: 'promo'; promo: number };

interface BidSeed {
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

const BIDS: readonly BidSeed[] = [
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

// ─── Pictures ───────────────────────────────────────────────────────────────────────────────────

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Largest font size (up to `max`) at which `text` fits into `width`: DejaVu Sans Bold averages about
 * 0.7 em per Cyrillic letter.
 */
function fitFont(text: string, width: number, max: number): number {
  return Math.min(max, Math.floor(width / (text.length * 0.7)));
}

function background(width: number, height: number, [from, to]: Palette): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>`;
}

/** A few translucent circles and stripes, placed differently for every `seed`. */
function shapes(width: number, height: number, seed: number): string {
  const out: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const x = ((seed * 37 + i * 71) % 100) / 100;
    const y = ((seed * 53 + i * 29) % 100) / 100;
    const r = (0.12 + ((seed + i * 17) % 7) / 30) * Math.min(width, height);
    out.push(`<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${Math.round(r)}"
      fill="#fff" fill-opacity="${(0.06 + i * 0.03).toFixed(2)}"/>`);
  }
  const angle = -20 + (seed % 5) * 10;
  out.push(`<g transform="rotate(${angle} ${width / 2} ${height / 2})" fill="#fff" fill-opacity="0.07">
    <rect x="${-width}" y="${height * 0.3}" width="${width * 3}" height="${height * 0.06}"/>
    <rect x="${-width}" y="${height * 0.42}" width="${width * 3}" height="${height * 0.02}"/></g>`);
  return out.join('');
}

function coverSvg(title: string, subtitle: string, palette: Palette, seed: number, size = COVER_SIZE): string {
  const { width, height } = size;
  const pad = Math.round(width * 0.06);
  const titleSize = fitFont(title, width - 2 * pad, Math.round(height * 0.11));
  const subtitleSize = fitFont(subtitle, width - 2 * pad, Math.round(height * 0.05));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${background(width, height, palette)}${shapes(width, height, seed)}
    <rect width="${width}" height="${height}" fill="url(#shade)"/>
    <text x="${pad}" y="${height - pad - subtitleSize * 1.6}" font-family="DejaVu Sans, Liberation Sans, sans-serif"
      font-weight="bold" font-size="${titleSize}" fill="#fff">${escapeXml(title)}</text>
    <text x="${pad}" y="${height - pad}" font-family="DejaVu Sans, Liberation Sans, sans-serif"
      font-size="${subtitleSize}" fill="#fff" fill-opacity="0.85">${escapeXml(subtitle)}</text>
  </svg>`;
}

function portraitSvg(fullName: string, palette: Palette, seed: number): string {
  const { width, height } = PORTRAIT_SIZE;
  // "Имя Отчество Фамилия" → "Имя Фамилия".
  const words = fullName.split(' ');
  const label = `${words[0]} ${words.at(-1)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${background(width, height, palette)}${shapes(width, height, seed)}
    <circle cx="400" cy="360" r="150" fill="#fff" fill-opacity="0.88"/>
    <path d="M120 1000 C120 730 250 560 400 560 C550 560 680 730 680 1000 Z" fill="#fff" fill-opacity="0.88"/>
    <rect y="840" width="${width}" height="160" fill="#000" fill-opacity="0.35"/>
    <text x="400" y="940" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
      font-weight="bold" font-size="${fitFont(label, 700, 56)}" fill="#fff">${escapeXml(label)}</text>
  </svg>`;
}

function logoSvg(name: string, palette: Palette): string {
  const { width, height } = LOGO_SIZE;
  const letter = name.replace(/^[^А-ЯЁA-Z]*/u, '').charAt(0) || '•';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="24" fill="#fff"/>
    <circle cx="80" cy="100" r="56" fill="${palette[0]}"/>
    <circle cx="80" cy="100" r="40" fill="${palette[1]}"/>
    <text x="80" y="116" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold"
      font-size="44" fill="#fff">${escapeXml(letter)}</text>
    <text x="152" y="112" font-family="DejaVu Sans, sans-serif" font-weight="bold"
      font-size="${fitFont(name, 236, 34)}" fill="${palette[1]}">${escapeXml(name)}</text>
  </svg>`;
}

type Picture = { svg: string; format: 'jpeg' | 'png' };

async function renderPicture({ svg, format }: Picture): Promise<PreparedImage> {
  const image = sharp(Buffer.from(svg));
  // WebP is avoided on purpose: encoding it costs ~150 ms per cover, JPEG ~20 ms (seed time matters).
  const bytes = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 90 }).toBuffer();
  // Through the same intake as uploads, so seeded rows look exactly like uploaded ones.
  return prepareImage(bytes);
}

const palette = (i: number): Palette => PALETTES[i % PALETTES.length]!;

function demoPictures() {
  return {
    gyms: GYMS.map((gym, i) => ({
      svg: coverSvg(gym.name, gym.address, palette(i + 5), i),
      format: 'jpeg' as const,
    })),
    trends: TRENDS.map((trend, i) => ({
      svg: coverSvg(trend.title, 'Направление тренировок', palette(i), i + 10),
      format: 'jpeg' as const,
    })),
    trainings: TRAININGS.map((training, i) => ({
      svg: coverSvg(training.title, `${training.duration} минут`, palette(i + 2), i + 20),
      format: 'jpeg' as const,
    })),
    coaches: COACHES.map((coach, i) => ({
      svg: portraitSvg(coach.full_name, palette(i + 1), i + 30),
      format: 'jpeg' as const,
    })),
    promos: PROMOS.map((promo, i) => ({
      svg: coverSvg(promo.title, 'Акция сети клубов', palette(i + 3), i + 40),
      format: 'jpeg' as const,
    })),
    gallery: GALLERY.map((item, i) => ({
      svg: coverSvg(
        item.caption,
        item.gym ? GYMS[item.gym - 1]!.name : 'Жизнь клуба',
        palette(i + 4),
        i + 50,
        GALLERY_SIZE,
      ),
      format: 'jpeg' as const,
    })),
    partners: PARTNERS.map((partner, i) => ({ svg: logoSvg(partner.name, palette(i + 6)), format: 'png' as const })),
  };
}

type PictureGroups = ReturnType<typeof demoPictures>;
type PreparedGroups = { [K in keyof PictureGroups]: PreparedImage[] };

async function renderAll(groups: PictureGroups): Promise<PreparedGroups> {
  const entries = await Promise.all(
    Object.entries(groups).map(async ([name, pictures]) => [name, await Promise.all(pictures.map(renderPicture))]),
  );
  return Object.fromEntries(entries) as PreparedGroups;
}

// ─── Dates ──────────────────────────────────────────────────────────────────────────────────────

/** `YYYY-MM-DD` of `now` in `timeZone`. */
function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/** A moment `daysAgo` days before `now`, at `hour` o'clock Yekaterinburg time (UTC+5, no DST). */
function momentAgo(now: Date, daysAgo: number, hour: number): Date {
  const date = addDays(localDate(now, TIME_ZONE), -daysAgo);
  const moment = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+05:00`);
  // A bid "today at 9" before 9 o'clock would be in the future: move it an hour back from now.
  return moment > now ? new Date(now.getTime() - 60 * 60 * 1000) : moment;
}

const HOUR = 60 * 60 * 1000;

// ─── Seeding ────────────────────────────────────────────────────────────────────────────────────

export interface SeedOptions {
  /** "Today" for promo dates, schedule changes and bid times; defaults to the current time. */
  now?: Date;
}

/**
 * Fills an empty database with the demo content. Does nothing (and returns false) when there is
 * already a gym. Pictures are rendered and written to storage first; the rows go in one transaction,
 * under an advisory lock so that two instances starting at once seed only once.
 */
export async function seedDemo(db: Kysely<DB>, storage: Storage, options: SeedOptions = {}): Promise<boolean> {
  if (await hasGyms(db)) return false;
  const now = options.now ?? new Date();
  const pictures = await renderAll(demoPictures());

  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo'))`.execute(trx);
    if (await hasGyms(trx)) return false;

    const save = (image: PreparedImage) => saveImage(trx, storage, image, { keyPrefix: SEED_KEY_PREFIX });
    const saveAll = async (images: PreparedImage[]) => {
      const ids: number[] = [];
      for (const image of images) ids.push((await save(image)).id);
      return ids;
    };

    // Gyms keep ids 1..3 (SPEC §2: "one with id 1"); the sequence then continues after them.
    const gymCovers = await saveAll(pictures.gyms);
    await trx
      .insertInto('gyms')
      .values(
        GYMS.map((gym, i) => ({
          ...gym,
          time_zone: TIME_ZONE,
          cover_image_id: gymCovers[i]!,
          sort_order: i + 1,
        })),
      )
      .execute();
    await sql`SELECT setval(pg_get_serial_sequence('gyms', 'id'), (SELECT max(id) FROM gyms))`.execute(trx);

    const trendCovers = await saveAll(pictures.trends);
    const trendRows = await trx
      .insertInto('trends')
      .values(
        TRENDS.map((trend, i) => ({
          title: trend.title,
          summary: trend.summary,
          description: trend.description,
          cover_image_id: trendCovers[i]!,
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    const trendId = new Map(TRENDS.map((trend, i) => [trend.key, trendRows[i]!.id]));

    const trainingCovers = await saveAll(pictures.trainings);
    const trainingRows = await trx
      .insertInto('trainings')
      .values(
        TRAININGS.map((training, i) => ({
          trend_id: trendId.get(training.trend)!,
          title: training.title,
          description: training.description,
          level: training.level,
          duration_min: training.duration,
          cover_image_id: trainingCovers[i]!,
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    const trainingIds = trainingRows.map((row) => row.id);

    const coachPhotos = await saveAll(pictures.coaches);
    const coachRows = await trx
      .insertInto('coaches')
      .values(
        COACHES.map((coach, i) => ({
          full_name: coach.full_name,
          photo_image_id: coachPhotos[i]!,
          position: coach.position,
          summary: coach.summary,
          bio: coach.bio,
          experience_since: coach.experience_since,
          achievements: JSON.stringify(coach.achievements),
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    const coachIds = coachRows.map((row) => row.id);
    await trx
      .insertInto('coach_trends')
      .values(
        COACHES.flatMap((coach, i) =>
          coach.trends.map((trend) => ({ coach_id: coachIds[i]!, trend_id: trendId.get(trend)! })),
        ),
      )
      .execute();
    await trx
      .insertInto('coach_gyms')
      .values(COACHES.flatMap((coach, i) => coach.gyms.map((gym) => ({ coach_id: coachIds[i]!, gym_id: gym }))))
      .execute();

    // A full week for every club; trainings rotate (5 is coprime with 12, so all twelve appear) and
    // each slot goes to a coach of that club who teaches the training's trend.
    const slots = GYMS.flatMap((gym, gymIndex) => {
      let k = gymIndex * 3;
      return [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
        (weekday <= 5 ? WEEKDAY_TIMES : WEEKEND_TIMES).map((time) => {
          const trainingIndex = (k * 5) % TRAININGS.length;
          const training = TRAININGS[trainingIndex]!;
          const trend = TRENDS.find((t) => t.key === training.trend)!;
          const candidates = COACHES.flatMap((coach, i) =>
            coach.gyms.includes(gym.id) && coach.trends.includes(training.trend) ? [coachIds[i]!] : [],
          );
          k += 1;
          return {
            gym_id: gym.id,
            training_id: trainingIds[trainingIndex]!,
            coach_id: candidates.length > 0 ? candidates[k % candidates.length]! : null,
            weekday,
            start_time: `${time}:00`,
            duration_min: training.duration,
            room: trend.room,
            capacity: trend.capacity,
          };
        }),
      );
    });
    const slotRows = await trx
      .insertInto('schedule_slots')
      .values(slots)
      .returning(['id', 'gym_id', 'weekday', 'start_time', 'coach_id', 'training_id'])
      .execute();

    // This week in the first club: tomorrow's last session is cancelled and the one before it gets
    // another coach (on a Sunday, both happen today so they stay inside the current week).
    const today = localDate(now, TIME_ZONE);
    const changeDate = isoWeekday(today) < 7 ? addDays(today, 1) : today;
    const daySlots = slotRows
      .filter((slot) => slot.gym_id === 1 && slot.weekday === isoWeekday(changeDate))
      .sort((a, b) => a.start_time.localeCompare(b.start_time));
    const cancelled = daySlots.at(-1)!;
    const changed = daySlots.at(-2)!;
    const changedTrend = TRAININGS[trainingIds.indexOf(changed.training_id)]!.trend;
    const substitutes = COACHES.map((coach, i) => ({ coach, i })).filter(
      ({ coach, i }) => coach.gyms.includes(1) && coachIds[i] !== changed.coach_id,
    );
    // Prefer a coach of the same trend; any other coach of the club will do otherwise.
    const substituteIndex = (substitutes.find(({ coach }) => coach.trends.includes(changedTrend)) ?? substitutes[0]!).i;
    await trx
      .insertInto('schedule_changes')
      .values([
        {
          slot_id: cancelled.id,
          date: changeDate,
          kind: 'cancelled',
          note: 'Занятие отменено: тренер на соревнованиях. Приносим извинения!',
        },
        {
          slot_id: changed.id,
          date: changeDate,
          kind: 'changed',
          coach_id: coachIds[substituteIndex]!,
          note: `Замена тренера: занятие проведёт ${COACHES[substituteIndex]!.full_name}`,
        },
      ])
      .execute();

    const cardRows = await trx
      .insertInto('cards')
      .values(
        CARDS.map((card, i) => ({
          title: card.title,
          description: card.description,
          price: card.price,
          validity_months: card.validity_months,
          validity_visits: card.validity_visits,
          features: JSON.stringify(card.features),
          highlighted: card.highlighted,
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    const cardId = new Map(CARDS.map((card, i) => [card.key, cardRows[i]!.id]));
    await trx
      .insertInto('card_gyms')
      .values(CARDS.flatMap((card) => card.gyms.map((gym) => ({ card_id: cardId.get(card.key)!, gym_id: gym }))))
      .execute();

    const promoImages = await saveAll(pictures.promos);
    const promoRows = await trx
      .insertInto('promos')
      .values(
        PROMOS.map((promo, i) => ({
          title: promo.title,
          text: promo.text,
          image_id: promoImages[i]!,
          starts_on: addDays(today, promo.starts),
          ends_on: addDays(today, promo.ends),
          card_id: promo.card ? cardId.get(promo.card)! : null,
          sort_order: i + 1,
        })),
      )
      .returning('id')
      .execute();
    await trx
      .insertInto('promo_gyms')
      .values(PROMOS.flatMap((promo, i) => promo.gyms.map((gym) => ({ promo_id: promoRows[i]!.id, gym_id: gym }))))
      .execute();

    const galleryImages = await saveAll(pictures.gallery);
    await trx
      .insertInto('gallery_images')
      .values(
        GALLERY.map((item, i) => ({
          image_id: galleryImages[i]!,
          alt: item.alt,
          caption: item.caption,
          gym_id: item.gym,
          sort_order: i + 1,
        })),
      )
      .execute();

    const partnerLogos = await saveAll(pictures.partners);
    await trx
      .insertInto('partners')
      .values(PARTNERS.map((partner, i) => ({ ...partner, logo_image_id: partnerLogos[i]!, sort_order: i + 1 })))
      .execute();

    const subjectOf = (subject: BidSubject): { subject_id: number | null; subject_title: string } => {
      switch (subject.kind) {
        case 'trial':
          return { subject_id: null, subject_title: 'Пробная тренировка' };
        case 'other':
          return { subject_id: null, subject_title: 'Вопрос' };
        case 'card':
          return {
            subject_id: cardId.get(subject.card)!,
            subject_title: CARDS.find((c) => c.key === subject.card)!.title,
          };
        case 'coach':
          return { subject_id: coachIds[subject.coach]!, subject_title: COACHES[subject.coach]!.full_name };
        case 'training':
          return { subject_id: trainingIds[subject.training]!, subject_title: TRAININGS[subject.training]!.title };
        case 'promo':
          return { subject_id: promoRows[subject.promo]!.id, subject_title: PROMOS[subject.promo]!.title };
      }
    };

    // Each bid with its status history: new → in_progress after a couple of hours, then → done or
    // rejected the next day.
    for (const bid of BIDS) {
      const createdAt = momentAgo(now, bid.daysAgo, bid.hour);
      const history: { from: BidStatus; to: BidStatus; at: Date }[] = [];
      if (bid.status !== 'new')
        history.push({ from: 'new', to: 'in_progress', at: new Date(createdAt.getTime() + 2 * HOUR) });
      if (bid.status === 'done' || bid.status === 'rejected')
        history.push({ from: 'in_progress', to: bid.status, at: new Date(createdAt.getTime() + 26 * HOUR) });
      const last = history.at(-1);
      const kind: BidKind = bid.subject.kind;
      const { id } = await trx
        .insertInto('bids')
        .values({
          name: bid.name,
          phone: bid.phone,
          comment: bid.comment,
          gym_id: bid.gym,
          kind,
          ...subjectOf(bid.subject),
          consent_at: createdAt,
          consent_version: CONSENT_VERSION,
          source_page: bid.source,
          utm: JSON.stringify(bid.utm ?? {}),
          status: bid.status,
          staff_note: bid.note ?? null,
          status_changed_at: last?.at ?? null,
          created_at: createdAt,
          updated_at: last?.at ?? createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (history.length > 0) {
        await trx
          .insertInto('bid_events')
          .values(
            history.map((event, i) => ({
              bid_id: id,
              from_status: event.from,
              to_status: event.to,
              note: i === history.length - 1 ? (bid.note ?? '') : 'Взята в работу',
              created_at: event.at,
            })),
          )
          .execute();
      }
    }
    return true;
  });
}

async function hasGyms(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('gyms').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
