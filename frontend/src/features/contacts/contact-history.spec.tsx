import { describe, expect, it } from '@jest/globals';
import { createIntl } from 'react-intl';
import en from '../../lang/en.json';
import fr from '../../lang/fr.json';
import it_ from '../../lang/it.json';
import { historySentences } from './contact-history';
import { historyEntry } from './contact-testing';

const edit = historyEntry({ changes: [{ field: 'status', before: 'active', after: 'inactive' }, { field: 'country', before: 'de', after: 'ch' }] });
const created = historyEntry({ kind: 'created', code: 1, actor: { id: 'u', name: 'Anna' } });

describe('the contact history in the UI language', () => {
  it('says it in English, French and Italian, with field labels, values and the activity code named', () => {
    const english = createIntl({ locale: 'en', messages: en });
    expect(historySentences(english, edit)).toEqual([
      'Lena Lerche changed Status from “active” to “inactive”.',
      'Lena Lerche changed Country from “Germany” to “Switzerland”.',
    ]);
    expect(historySentences(english, created)).toEqual(['Anna created the contact (1 · new contact).']);
    const french = createIntl({ locale: 'fr', messages: fr });
    expect(historySentences(french, edit)[1]).toBe('Lena Lerche a modifié Pays de « Allemagne » en « Suisse ».');
    const italian = createIntl({ locale: 'it', messages: it_ });
    expect(historySentences(italian, edit)[0]).toBe('Lena Lerche ha modificato Stato da «attivo» a «inattivo».');
  });
});
