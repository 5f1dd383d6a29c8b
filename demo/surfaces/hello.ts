/** The home page's small surface: a coffee order. */
import { button, createSurface, path, text, updateComponents, type Message } from './common.ts';

export function hello(): Message[] {
  const s = 'hello';
  return [
    createSurface(s, { sendDataModel: true, dataModel: { order: { name: '', size: ['medium'], oatMilk: false } } }),
    updateComponents(s, [
      { id: 'root', component: 'Column', children: ['title', 'name', 'size', 'oat', 'order'] },
      text('title', '### Order a coffee'),
      { id: 'name', component: 'TextField', label: 'Name for the cup', value: path('/order/name') },
      {
        id: 'size',
        component: 'ChoicePicker',
        label: 'Size',
        variant: 'mutuallyExclusive',
        displayStyle: 'chips',
        options: [
          { label: 'Small', value: 'small' },
          { label: 'Medium', value: 'medium' },
          { label: 'Large', value: 'large' },
        ],
        value: path('/order/size'),
      },
      { id: 'oat', component: 'CheckBox', label: 'Oat milk', value: path('/order/oatMilk') },
      ...button('order', 'Order', 'order_coffee', { name: path('/order/name'), size: path('/order/size'), oatMilk: path('/order/oatMilk') }, {
        variant: 'primary',
        '@checks': [{ condition: { '@call': 'required', args: { value: path('/order/name') } }, message: 'Whose coffee is it?' }],
      }),
    ]),
  ];
}
