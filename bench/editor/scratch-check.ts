import { checkedDocument } from '../../server/pages/checked-document.ts';
import { benchDocument, withEditedLabel } from './bench-document.ts';
const d = benchDocument();
await checkedDocument(d).then(() => console.log('valid', JSON.stringify(d).length));
await checkedDocument(withEditedLabel(d, 'x')).then(() => console.log('valid2'));
