/** The home page's small surface: a coffee order. */
import { button, choicePicker, createSurface, path, text, updateComponents, updateDataModel, type Message } from './common.ts';

export function hello(): Message[] {
  const s = 'hello';
  return [
    createSurface(s, { sendDataModel: true, dataModel: { order: { name: '', size: ['medium'], oatMilk: false } } }),
    updateComponents(s, [
      { id: 'root', component: 'Column', children: ['title', 'name', 'size', 'oat', 'order', 'reply'] },
      text('title', '### Order a coffee'),
      { id: 'name', component: 'TextField', label: 'Name for the cup', value: path('/order/name') },
      choicePicker('size', 'Size', 'mutuallyExclusive', [['Small', 'small'], ['Medium', 'medium'], ['Large', 'large']], '/order/size', { displayStyle: 'chips' }),
      { id: 'oat', component: 'CheckBox', label: 'Oat milk', value: path('/order/oatMilk') },
      ...button('order', 'Order', 'order_coffee', { name: path('/order/name'), size: path('/order/size'), oatMilk: path('/order/oatMilk') }, {
        variant: 'primary',
        '@checks': [{ condition: { '@call': 'required', args: { value: path('/order/name') } }, message: 'Whose coffee is it?' }],
      }),
      // The scripted agent's answer to an order (helloReply), announced when it arrives.
      text('reply', path('/reply'), { '@accessibility': { live: 'polite' } }),
    ]),
  ];
}

/** The home page's scripted agent: its answer to the `order_coffee` action. */
export function helloReply(context: Record<string, unknown>): Message[] {
  const size = Array.isArray(context.size) ? context.size[0] : context.size;
  const milk = context.oatMilk ? ' with oat milk' : '';
  return [updateDataModel('hello', '/reply', `☕ Thanks, ${String(context.name)}! A ${String(size ?? 'medium')} coffee${milk} is on its way.`)];
}
