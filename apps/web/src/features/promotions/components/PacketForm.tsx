// The red packet form (name, coin, hashrate per share, days, shares, total profit budget,
// activation deadline, optionally the one email that may receive it): operators create packets
// paid by the pool (a tab of /admin/wallet), users fund theirs from their balance where operators
// enabled it (/user/red_packet), within the limits and coins each one is given.
import { Alert, Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { coinBaseDecimals, COINS, createRedPacketBodySchema, V, walletSubject, type Language, type NewRedPacket, type NewUserRedPacket } from '@hashpool/shared';
import { NamesPerLanguage } from '../../../shell/forms/NamesPerLanguage';
import { schemaRule } from '../../../shell/forms/rules';
import type { UserMine } from '../../../shell/session/user.api';
import { PayStepFields } from '../../../shell/verification/PayStepFields';
import { verificationOf } from '../../../shell/verification/SecondFactorFields';
import type { Verification } from '../../../shell/verification/verification.api';
import { showFormError } from '../../../shell/forms/server-errors';
import { decimalPlaces } from '../../../ui/decimal';
import { Panel } from '../../../ui/Panel';
import { wallTimeToIso } from '../../../ui/wall-time';
import { useToast } from '../../../ui/toast';
import type { AdminRedPacket } from '../promotions.api';

/** Hashrate units of the form: H/s times 1000 per step. */
const UNITS = ['GH/s', 'TH/s', 'PH/s'] as const;
const UNIT_FACTOR: Record<(typeof UNITS)[number], number> = { 'GH/s': 1e9, 'TH/s': 1e12, 'PH/s': 1e15 };

interface PacketFormValues {
  name: string;
  names?: Partial<Record<Language, string>>;
  coin: string;
  hashrate: number;
  unit: (typeof UNITS)[number];
  duration_days: number;
  shares: number;
  budget: string;
  activation_deadline: Dayjs;
  receiving_email?: string;
  pay_password?: string;
  verification?: Verification;
}

export interface PacketFormProps {
  title: string;
  submitLabel: string;
  successText: string;
  /** The coins offered (codes). */
  coins: readonly string[];
  maxShares: number;
  maxDays: number;
  /** A note above the button (where the budget comes from). */
  note?: string;
  pending: boolean;
  /** The user's timezone ("UTC+08:00"): the deadline is picked as a time there. */
  timezone: string;
  /**
   * A packet funded from the user's balance gives their money away: the form asks the pay password
   * and the second factor, as a transfer does (docs/security.md "Calls that move a user's balance").
   */
  payStep?: { mine: UserMine };
  submit: (body: NewRedPacket | NewUserRedPacket) => Promise<AdminRedPacket>;
  onCreated: (p: AdminRedPacket) => void;
}

export function PacketForm(props: PacketFormProps) {
  const { t } = useTranslation(['promotions', 'validation']);
  const [form] = Form.useForm<PacketFormValues>();
  const toast = useToast();
  const shape = createRedPacketBodySchema.shape;
  const required = { required: true, message: t('validation:required') };
  const coins = COINS.filter((c) => props.coins.includes(c.code));
  return (
    <Panel title={props.title} style={{ maxWidth: 720 }}>
      <Form<PacketFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ coin: coins[0]?.code, unit: 'TH/s', hashrate: 100, duration_days: Math.min(7, props.maxDays), shares: Math.min(10, props.maxShares) }}
        onFinish={async (v) => {
          const email = v.receiving_email?.trim();
          try {
            const packet = {
              name: v.name.trim(),
              coin: v.coin,
              hashrate: v.hashrate * UNIT_FACTOR[v.unit],
              duration_days: v.duration_days,
              shares: v.shares,
              budget: v.budget.trim(),
              activation_deadline: wallTimeToIso(v.activation_deadline, props.timezone),
              ...(email ? { receiving_email: email } : {}),
            };
            // An operator's packet is named per language; a user's title stays as the user wrote it.
            const created = await props.submit(props.payStep ? { ...packet, pay_password: v.pay_password ?? '', verification: verificationOf(v) } : { ...packet, names: v.names ?? {} });
            toast.success(props.successText);
            form.resetFields();
            props.onCreated(created);
          } catch (error) {
            showFormError(form, error);
          }
        }}
      >
        <Form.Item name="name" label={t('admin.packets.name')} rules={[schemaRule(shape.name, t)]}>
          <Input maxLength={64} />
        </Form.Item>
        {!props.payStep && <NamesPerLanguage max={64} />}
        <Flex gap={16} wrap>
          <Form.Item name="coin" label={t('admin.packets.coin')} rules={[required]} style={{ flex: 1, minWidth: 160 }}>
            <Select options={coins.map((c) => ({ value: c.code, label: `${c.symbol} · ${c.name}` }))} />
          </Form.Item>
          <Form.Item label={t('admin.packets.hashrate')} required style={{ flex: 2, minWidth: 240 }}>
            <Flex gap={8}>
              <Form.Item name="hashrate" noStyle rules={[required]}>
                <NumberInput min={0.001} style={{ flex: 1 }} aria-label={t('admin.packets.hashrate')} />
              </Form.Item>
              <Form.Item name="unit" noStyle>
                <Select style={{ width: 100 }} options={UNITS.map((u) => ({ value: u, label: u }))} aria-label={t('admin.packets.unit')} />
              </Form.Item>
            </Flex>
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="duration_days" label={t('admin.packets.duration')} rules={[required]} style={{ flex: 1, minWidth: 160 }}>
            <NumberInput min={1} max={props.maxDays} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="shares" label={t('admin.packets.shares')} rules={[required]} style={{ flex: 1, minWidth: 160 }}>
            <NumberInput min={1} max={props.maxShares} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="budget"
            label={t('admin.packets.budget')}
            dependencies={['coin']}
            rules={[
              schemaRule(shape.budget, t),
              // Whole base units of the coin, as the server requires (the ledger holds nothing finer).
              ({ getFieldValue }) => ({
                validator: async (_rule, value: unknown) => {
                  const coin: unknown = getFieldValue('coin');
                  if (typeof value === 'string' && typeof coin === 'string' && decimalPlaces(value.trim()) > coinBaseDecimals(coin)) throw new Error(t(`validation:${V.amount}`));
                },
              }),
            ]}
            style={{ flex: 1, minWidth: 160 }}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="activation_deadline" label={t('admin.packets.deadline_in', { timezone: props.timezone })} rules={[required]} style={{ flex: 1, minWidth: 200 }}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="receiving_email" label={t('admin.packets.email')} extra={t('admin.packets.email_hint')} style={{ flex: 1, minWidth: 200 }}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Flex>
        {props.payStep && (
          <PayStepFields
            mine={props.payStep.mine}
            subject={async () => {
              try {
                const values = await form.validateFields(['coin', 'budget']);
                return walletSubject.redPacket({ coin: values.coin, budget: values.budget.trim() });
              } catch {
                return null;
              }
            }}
          />
        )}
        {props.note && <Alert type="info" showIcon message={props.note} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={props.pending}>
          {props.submitLabel}
        </Button>
      </Form>
    </Panel>
  );
}
