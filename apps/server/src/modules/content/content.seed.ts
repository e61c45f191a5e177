// Seed data. Reference data (coin registry, currency rates, site parameters, footer links) is
// inserted on every start with ON CONFLICT DO NOTHING, so new coins appear and operators' edits
// stay. Demo content (announcements, sliders, an advertisement) is inserted once, only when
// DEMO_SEED is on and the tables are empty, and says in its own words that it is demo content.
import { count } from 'drizzle-orm';
import { COINS } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { advertisements, announcements, coins, currencyRates, footerLinks, siteParameters, sliders, type LocalizedText } from './content.tables';

/** Minimum payout per coin (operators change it later); sized to a few days of a small miner. */
const MIN_PAYOUT: Record<string, string> = {
  btc: '0.005', ltc: '0.1', doge: '100', eth: '0.05', xmr: '0.1', zec: '0.01', dash: '0.01', dcr: '0.5',
  rvn: '50', erg: '1', kda: '1', hns: '5', lbc: '50', ckb: '500', stc: '5', sc: '500', scp: '50', cfx: '5',
  'grin-c32': '1', pmeer: '5', alph: '1', kas: '50', sumo: '10', zeph: '0.5', aleo: '10', xtm: '100',
};

/** Seeded rates, units per 1 CNY, as of the seed's writing; operators or a rate feed update them. */
const RATES = [
  { currency: 'USD', rate: '0.1389', symbol: '$' },
  { currency: 'CNY', rate: '1', symbol: '¥' },
  { currency: 'EUR', rate: '0.1291', symbol: '€' },
  { currency: 'GBP', rate: '0.1086', symbol: '£' },
  { currency: 'RUB', rate: '13.21', symbol: '₽' },
  { currency: 'JPY', rate: '21.05', symbol: '¥' },
  { currency: 'KRW', rate: '196.4', symbol: '₩' },
  { currency: 'HKD', rate: '1.081', symbol: 'HK$' },
];

const PARAMETERS = [
  { key: 'site_name', value: 'Hashpool', description: 'Name shown in the header and emails' },
  { key: 'app_download_url', value: 'https://github.com/hashpool/hashpool/releases/latest', description: 'Where the apps are downloaded (shown as a QR code)' },
  { key: 'support_email', value: 'support@hashpool.example', description: 'Support address shown to users' },
];

const L = (en: string, zh: string, ru: string, ja: string, ko: string): LocalizedText => ({ en, 'zh-CN': zh, 'ru-RU': ru, ja, ko });

const FOOTER_LINKS = [
  { groupKey: 'about', sortOrder: 1, url: '/about-us', title: L('About us', '关于我们', 'О нас', '会社概要', '회사 소개') },
  { groupKey: 'about', sortOrder: 2, url: '/terms', title: L('Terms of Service', '服务条款', 'Условия использования', '利用規約', '서비스 약관') },
  { groupKey: 'about', sortOrder: 3, url: '/download', title: L('Download the app', '下载应用', 'Скачать приложение', 'アプリをダウンロード', '앱 다운로드') },
  { groupKey: 'support', sortOrder: 1, url: '/ticket', title: L('Submit a ticket', '提交工单', 'Создать обращение', 'お問い合わせ', '문의 접수') },
  { groupKey: 'support', sortOrder: 2, url: '/api/docs', title: L('API documentation', 'API 文档', 'Документация API', 'API ドキュメント', 'API 문서') },
  { groupKey: 'support', sortOrder: 3, url: '/activity/invite', title: L('Referral programme', '邀请返佣', 'Реферальная программа', '紹介プログラム', '추천 프로그램') },
  { groupKey: 'community', sortOrder: 1, url: 'https://github.com/hashpool/hashpool', title: L('Source code', '源代码', 'Исходный код', 'ソースコード', '소스 코드') },
];

const DEMO_ANNOUNCEMENTS = [
  {
    daysAgo: 1,
    title: L('Demo: welcome to this Hashpool demo', '演示：欢迎体验 Hashpool 演示站', 'Демо: добро пожаловать в демо Hashpool', 'デモ：Hashpool デモへようこそ', '데모: Hashpool 데모에 오신 것을 환영합니다'),
    summary: L(
      'This announcement is demo content seeded on first start. Operators replace it with their own news.',
      '本公告是首次启动时写入的演示内容，运营方可替换为自己的公告。',
      'Это демонстрационное объявление, добавленное при первом запуске. Операторы заменяют его своими новостями.',
      'このお知らせは初回起動時に登録されたデモ用コンテンツです。運営者が自身のお知らせに置き換えます。',
      '이 공지는 최초 실행 시 생성된 데모 콘텐츠입니다. 운영자가 자체 공지로 교체합니다.',
    ),
  },
  {
    daysAgo: 3,
    title: L('Demo: payout schedule', '演示：收益结算时间', 'Демо: график выплат', 'デモ：支払いスケジュール', '데모: 지급 일정'),
    summary: L(
      'Demo text. Earnings are settled daily for the previous UTC day; payouts follow once a balance passes its minimum.',
      '演示文本。收益按 UTC 日每日结算前一天，余额达到起付额后自动支付。',
      'Демо-текст. Доход начисляется ежедневно за предыдущие сутки UTC; выплата следует, когда баланс превышает минимум.',
      'デモ用テキスト。収益は UTC の前日分を毎日精算し、残高が最低支払額を超えると支払われます。',
      '데모 문구입니다. 수익은 매일 전날(UTC) 기준으로 정산되며, 잔액이 최소 지급액을 넘으면 지급됩니다.',
    ),
  },
  {
    daysAgo: 6,
    title: L('Demo: stratum maintenance notice', '演示：矿池服务器维护通知', 'Демо: плановые работы на stratum-серверах', 'デモ：Stratum サーバーのメンテナンス', '데모: 스트라텀 서버 점검 안내'),
    summary: L(
      'Demo text. Planned maintenance notices appear here with their time in your timezone.',
      '演示文本。计划维护通知会显示在这里，时间按您的时区显示。',
      'Демо-текст. Здесь публикуются уведомления о плановых работах с временем в вашем часовом поясе.',
      'デモ用テキスト。計画メンテナンスのお知らせはお客様のタイムゾーンの時刻でここに表示されます。',
      '데모 문구입니다. 정기 점검 안내가 사용자 시간대 기준으로 여기에 표시됩니다.',
    ),
  },
];

const DEMO_SLIDERS = [
  {
    sortOrder: 1, tone: 'blue', link: '/pool/btc/stat',
    title: L('Mine Bitcoin with transparent FPPS payouts', '透明 FPPS 收益，挖比特币', 'Майните Bitcoin с прозрачными выплатами FPPS', '透明な FPPS 支払いで Bitcoin をマイニング', '투명한 FPPS 지급으로 비트코인 채굴'),
    subtitle: L('Demo banner: settlement you can recompute every day.', '演示横幅：每天都可复核的结算。', 'Демо-баннер: расчёт, который можно проверить каждый день.', 'デモバナー：毎日検証できる精算。', '데모 배너: 매일 다시 계산해 볼 수 있는 정산.'),
  },
  {
    sortOrder: 2, tone: 'purple', link: '/mining/aleo/dashboard',
    title: L('Address mining for ALEO, KAS, ALPH and more', 'ALEO、KAS、ALPH 等地址挖矿', 'Майнинг на адрес: ALEO, KAS, ALPH и другие', 'ALEO・KAS・ALPH などのアドレスマイニング', 'ALEO, KAS, ALPH 등 주소 채굴'),
    subtitle: L('Demo banner: no account needed, look up any address.', '演示横幅：无需注册，任意地址可查。', 'Демо-баннер: без регистрации, проверка любого адреса.', 'デモバナー：アカウント不要、どのアドレスも照会可能。', '데모 배너: 가입 없이 어떤 주소든 조회.'),
  },
  {
    sortOrder: 3, tone: 'green', link: '/activity/invite',
    title: L('Invite friends, earn 0.2% of their mining revenue', '邀请好友，获得其挖矿收益 0.2% 奖励', 'Приглашайте друзей и получайте 0,2% их дохода', '友達を招待して採掘収益の 0.2% を獲得', '친구를 초대하고 채굴 수익의 0.2%를 받으세요'),
    subtitle: L('Demo banner: paid daily by the pool, never taken from your friends.', '演示横幅：由矿池每日支付，不从好友收益中扣除。', 'Демо-баннер: платит пул ежедневно, из дохода друзей ничего не вычитается.', 'デモバナー：プールが毎日支払い、友達の収益からは差し引きません。', '데모 배너: 풀이 매일 지급하며 친구의 수익에서 차감하지 않습니다.'),
  },
];

const DEMO_AD = {
  position: 'home',
  link: '/download',
  title: L('Demo: the Hashpool app', '演示：Hashpool 应用', 'Демо: приложение Hashpool', 'デモ：Hashpool アプリ', '데모: Hashpool 앱'),
  text: L('Watch your workers from your phone.', '用手机随时查看矿机状态。', 'Следите за воркерами с телефона.', 'スマートフォンからワーカーを確認できます。', '휴대폰으로 워커를 확인하세요.'),
};

/** USD prices at the seed's writing (late 2026, rounded): a starting point operators overwrite. */
const PRICE_USD: Record<string, string> = {
  btc: '96000', ltc: '98', doge: '0.21', eth: '2.4', xmr: '185', zec: '42', dash: '31', dcr: '16', rvn: '0.021',
  erg: '1.1', kda: '0.48', hns: '0.022', lbc: '0.004', ckb: '0.011', stc: '0.012', sc: '0.0052', scp: '0.06',
  cfx: '0.14', 'grin-c32': '0.045', pmeer: '0.009', alph: '0.42', kas: '0.11', sumo: '0.008', zeph: '0.95', aleo: '0.31', xtm: '0.012',
};

export async function seedReferenceData(db: Db): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx
      .insert(coins)
      .values(
        COINS.map((c, i) => ({
          code: c.code,
          name: c.name,
          symbol: c.symbol,
          algorithm: c.algorithm,
          precision: c.precision,
          mode: c.mode,
          feeRate: c.mode === 'address' ? '1' : '2.5',
          minPayout: MIN_PAYOUT[c.code] ?? '1',
          priceUsd: PRICE_USD[c.code] ?? null,
          stratumUrl: `stratum+tcp://${c.code}.stratum.hashpool.example:${3333 + i}`,
          sortOrder: i + 1,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(currencyRates).values(RATES.map((r, i) => ({ ...r, sortOrder: i + 1 }))).onConflictDoNothing();
    await tx.insert(siteParameters).values(PARAMETERS).onConflictDoNothing();
    const [links] = await tx.select({ n: count().mapWith(Number) }).from(footerLinks);
    if (!links?.n) await tx.insert(footerLinks).values(FOOTER_LINKS);
  });
}

export async function seedDemoContent(db: Db, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [existing] = await tx.select({ n: count().mapWith(Number) }).from(announcements);
    if (existing?.n) return;
    await tx.insert(announcements).values(
      DEMO_ANNOUNCEMENTS.map((a) => ({ title: a.title, summary: a.summary, url: null, publishedAt: new Date(now.getTime() - a.daysAgo * 86_400_000), isDemo: true })),
    );
    await tx.insert(sliders).values(DEMO_SLIDERS.map((s) => ({ ...s, position: 'home', isDemo: true })));
    await tx.insert(advertisements).values({ ...DEMO_AD, isDemo: true });
  });
}
