// The demo data set, the Directo module, e-mail settings and the e-mail templates.

import { TEMPLATE_DEFINITIONS, TEMPLATE_LANGUAGES } from '@portal/shared';
import * as s from '../../schema/index.ts';
import { DEFAULT_TEMPLATES } from '../templates.ts';
import type { SeedContext } from './context.ts';

export async function seedSettings(c: SeedContext) {
  const { db } = c;
  // ---- integration module, e-mail settings and templates ----
  await db
    .insert(s.modules)
    .values({
      name: 'Directo',
      url: 'http://127.0.0.1:4010/xmlcore/demo/xmlcore.asp',
      key: 'demo-directo-key',
      isActive: true,
    })
    .onConflictDoNothing();
  await db
    .insert(s.emailSettings)
    .values({
      id: 1,
      companyName: 'Tallinna Linnatranspordi AS',
      fromName: 'TLT hankeportaal',
      companyPhone: '+372 640 9800',
      companyEmail: 'info@demo.ee',
      fromEmail: 'portal@demo.ee',
      smtpServer: '127.0.0.1',
      smtpPort: 2525,
      adminEmail: 'admin@demo.ee',
    })
    .onConflictDoNothing();
  const templateRows = TEMPLATE_DEFINITIONS.flatMap((def) => {
    const t = DEFAULT_TEMPLATES.find((x) => x.key === def.key && x.type === def.type);
    if (!t) throw new Error(`no default template for ${def.key}/${def.type}`);
    return TEMPLATE_LANGUAGES.map((language) => ({
      key: def.key,
      type: def.type,
      language,
      ...t.texts[language],
    }));
  });
  await db.insert(s.emailTemplates).values(templateRows).onConflictDoNothing();
}
