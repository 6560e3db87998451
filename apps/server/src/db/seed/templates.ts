// Default e-mail templates: every key and type of the spec's template table in EST, RUS and ENG.
// Content is plain text with {{tag}} placeholders (the tags of TEMPLATE_DEFINITIONS); the mailer renders it.
import type { TemplateKey, TemplateLanguage, TemplateType } from '@portal/shared';

type Text = { subject: string; content: string };
type ByLanguage = Record<TemplateLanguage, Text>;

const SIGN = {
  EST: '\n\nLugupidamisega\nTallinna Linnatranspordi hankeportaal',
  RUS: '\n\nС уважением,\nпортал закупок Tallinna Linnatransport',
  ENG: '\n\nKind regards,\nTallinna Linnatransport procurement portal',
};
const sign = (t: ByLanguage): ByLanguage => ({
  EST: { ...t.EST, content: t.EST.content + SIGN.EST },
  RUS: { ...t.RUS, content: t.RUS.content + SIGN.RUS },
  ENG: { ...t.ENG, content: t.ENG.content + SIGN.ENG },
});

export const DEFAULT_TEMPLATES: { key: TemplateKey; type: TemplateType; texts: ByLanguage }[] = [
  {
    key: 'TENDER_FINISHED',
    type: 'INTERNAL',
    texts: sign({
      EST: {
        subject: 'Hange {{tender_code}} on lõppenud',
        content:
          'Tere!\n\nHange {{tender_code}} (algus {{tender_start}}, lõpp {{tender_finish}}) on lõppenud. Pakkumised on portaalis hindamiseks avatud; palun valige võitjad 48 tunni jooksul.',
      },
      RUS: {
        subject: 'Тендер {{tender_code}} завершён',
        content:
          'Здравствуйте!\n\nТендер {{tender_code}} (начало {{tender_start}}, окончание {{tender_finish}}) завершён. Предложения доступны в портале для оценки; пожалуйста, выберите победителей в течение 48 часов.',
      },
      ENG: {
        subject: 'Tender {{tender_code}} has finished',
        content:
          'Hello,\n\nTender {{tender_code}} (start {{tender_start}}, end {{tender_finish}}) has finished. The offers are open for evaluation in the portal; please choose the winners within 48 hours.',
      },
    }),
  },
  {
    key: 'NEW_SUPPLIER',
    type: 'INTERNAL',
    texts: sign({
      EST: {
        subject: 'Uus tarnija registreerus: {{company_name}}',
        content:
          'Portaalis registreerus uus tarnija, kes ootab aktiveerimist.\n\nEttevõte: {{company_name}}\nRegistrikood: {{company_registration_code}}\nKontaktisik: {{user_first_name}} {{user_last_name}}\nIsikukood: {{user_personal_code}}\nE-post: {{user_email}}\nTelefon: {{user_phone}}',
      },
      RUS: {
        subject: 'Зарегистрировался новый поставщик: {{company_name}}',
        content:
          'В портале зарегистрировался новый поставщик, ожидающий активации.\n\nКомпания: {{company_name}}\nРегистрационный код: {{company_registration_code}}\nКонтактное лицо: {{user_first_name}} {{user_last_name}}\nЛичный код: {{user_personal_code}}\nЭл. почта: {{user_email}}\nТелефон: {{user_phone}}',
      },
      ENG: {
        subject: 'New supplier registered: {{company_name}}',
        content:
          'A new supplier has registered in the portal and is waiting for activation.\n\nCompany: {{company_name}}\nRegistration code: {{company_registration_code}}\nContact: {{user_first_name}} {{user_last_name}}\nPersonal code: {{user_personal_code}}\nE-mail: {{user_email}}\nPhone: {{user_phone}}',
      },
    }),
  },
  {
    key: 'NEW_SUPPLIERS',
    type: 'INTERNAL',
    texts: sign({
      EST: {
        subject: 'Uued tarnijad registreerusid ({{companies_count}})',
        content:
          'Portaalis registreerusid uued tarnijad, kes ootavad aktiveerimist. Neid on {{companies_count}} (ettevõte, registrikood — kontaktisik, e-post, telefon):\n\n{{companies_list}}\n\nKõik nad on ka tarnijate nimekirjas.',
      },
      RUS: {
        subject: 'Зарегистрировались новые поставщики ({{companies_count}})',
        content:
          'В портале зарегистрировались новые поставщики, ожидающие активации. Их число: {{companies_count}} (компания, регистрационный код — контактное лицо, эл. почта, телефон):\n\n{{companies_list}}\n\nВсе они есть и в списке поставщиков.',
      },
      ENG: {
        subject: 'New suppliers registered ({{companies_count}})',
        content:
          'New suppliers have registered in the portal and are waiting for activation. There are {{companies_count}} (company, registration code — contact, e-mail, phone):\n\n{{companies_list}}\n\nAll of them are also in the supplier list.',
      },
    }),
  },
  {
    key: 'ACCOUNT_ACTIVATED',
    type: 'INTERNAL',
    texts: sign({
      EST: {
        subject: 'Kasutajakonto aktiveeriti: {{user_first_name}} {{user_last_name}}',
        content:
          'Kasutaja {{user_first_name}} {{user_last_name}} konto on aktiveeritud ja ta saab portaali sisse logida.',
      },
      RUS: {
        subject: 'Учётная запись активирована: {{user_first_name}} {{user_last_name}}',
        content:
          'Учётная запись пользователя {{user_first_name}} {{user_last_name}} активирована, он может войти в портал.',
      },
      ENG: {
        subject: 'Account activated: {{user_first_name}} {{user_last_name}}',
        content:
          'The account of {{user_first_name}} {{user_last_name}} has been activated; they can now log in to the portal.',
      },
    }),
  },
  {
    key: 'TENDER_OPENED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Uus hange {{tender_code}}: {{tender_group_name}}',
        content:
          'Tere!\n\nAvatud on hange {{tender_code}} ({{tender_group_name}}, tarnekoht {{tender_warehouse_name}}). Pakkumisi saab esitada kuni {{tender_finish}}.\n\nHankes olevad tooted:\n{{details_list}}\n\nHilinenud pakkumisi ei arvestata.',
      },
      RUS: {
        subject: 'Новый тендер {{tender_code}}: {{tender_group_name}}',
        content:
          'Здравствуйте!\n\nОткрыт тендер {{tender_code}} ({{tender_group_name}}, место поставки {{tender_warehouse_name}}). Предложения принимаются до {{tender_finish}}.\n\nТовары тендера:\n{{details_list}}\n\nОпоздавшие предложения не рассматриваются.',
      },
      ENG: {
        subject: 'New tender {{tender_code}}: {{tender_group_name}}',
        content:
          'Hello,\n\nTender {{tender_code}} ({{tender_group_name}}, delivery to {{tender_warehouse_name}}) is open. Offers are accepted until {{tender_finish}}.\n\nParts in the tender:\n{{details_list}}\n\nLate offers are not accepted.',
      },
    }),
  },
  {
    key: 'TENDER_FINISHED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Hange {{tender_code}} on lõppenud',
        content:
          'Tere!\n\nHange {{tender_code}}, milles osalesite, on lõppenud. Teavitame teid tulemustest pärast võitjate valimist.',
      },
      RUS: {
        subject: 'Тендер {{tender_code}} завершён',
        content:
          'Здравствуйте!\n\nТендер {{tender_code}}, в котором вы участвовали, завершён. Мы сообщим вам результаты после выбора победителей.',
      },
      ENG: {
        subject: 'Tender {{tender_code}} has finished',
        content:
          'Hello,\n\nTender {{tender_code}}, in which you took part, has finished. We will let you know the results once the winners are chosen.',
      },
    }),
  },
  {
    key: 'TENDER_WINNER',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Teie pakkumine võitis hankes {{tender_code}}',
        content:
          'Tere!\n\nTeie pakkumine osutus hankes {{tender_code}} ({{tender_group_name}}) edukaks. Palun tarnige järgmised tooted aadressile {{tender_warehouse_name}}:\n{{advanced_details_list}}\n\nTellimuse faili saate alla laadida portaalist.',
      },
      RUS: {
        subject: 'Ваше предложение победило в тендере {{tender_code}}',
        content:
          'Здравствуйте!\n\nВаше предложение в тендере {{tender_code}} ({{tender_group_name}}) признано победившим. Пожалуйста, поставьте следующие товары по адресу {{tender_warehouse_name}}:\n{{advanced_details_list}}\n\nФайл заказа можно скачать в портале.',
      },
      ENG: {
        subject: 'Your offer won in tender {{tender_code}}',
        content:
          'Hello,\n\nYour offer in tender {{tender_code}} ({{tender_group_name}}) has been chosen. Please deliver the following parts to {{tender_warehouse_name}}:\n{{advanced_details_list}}\n\nThe order file can be downloaded from the portal.',
      },
    }),
  },
  {
    key: 'TENDER_MEMBER',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Hanke {{tender_code}} tulemused',
        content:
          'Tere!\n\nTäname osalemise eest hankes {{tender_code}}. Seekord teie pakkumine ei osutunud edukaks.',
      },
      RUS: {
        subject: 'Результаты тендера {{tender_code}}',
        content:
          'Здравствуйте!\n\nБлагодарим за участие в тендере {{tender_code}}. На этот раз ваше предложение не было выбрано.',
      },
      ENG: {
        subject: 'Results of tender {{tender_code}}',
        content:
          'Hello,\n\nThank you for taking part in tender {{tender_code}}. This time your offer was not chosen.',
      },
    }),
  },
  {
    key: 'TENDER_CANCELED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Hange {{tender_code}} on tühistatud',
        content:
          'Tere!\n\nHange {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}), milles osalesite, on tühistatud. Teie pakkumised kustutati; midagi ei tellita. Täname osalemise eest.',
      },
      RUS: {
        subject: 'Тендер {{tender_code}} отменён',
        content:
          'Здравствуйте!\n\nТендер {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}), в котором вы участвовали, отменён. Ваши предложения удалены, заказа не будет. Благодарим за участие.',
      },
      ENG: {
        subject: 'Tender {{tender_code}} has been cancelled',
        content:
          'Hello,\n\nTender {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}), in which you took part, has been cancelled. Your offers were removed and nothing will be ordered. Thank you for taking part.',
      },
    }),
  },
  {
    key: 'ACCOUNT_REGISTERED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Registreerimine hankeportaalis',
        content:
          'Tere, {{user_first_name}} {{user_last_name}}!\n\nTäname registreerumast. Teie konto aktiveeritakse pärast andmete kontrollimist; anname sellest e-postiga teada.',
      },
      RUS: {
        subject: 'Регистрация в портале закупок',
        content:
          'Здравствуйте, {{user_first_name}} {{user_last_name}}!\n\nСпасибо за регистрацию. Ваша учётная запись будет активирована после проверки данных; мы сообщим об этом по электронной почте.',
      },
      ENG: {
        subject: 'Registration in the procurement portal',
        content:
          'Hello {{user_first_name}} {{user_last_name}},\n\nThank you for registering. Your account will be activated once your details have been checked; we will let you know by e-mail.',
      },
    }),
  },
  {
    key: 'ACCOUNT_ACTIVATED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Teie konto on aktiveeritud',
        content:
          'Tere, {{user_first_name}} {{user_last_name}}!\n\nTeie konto hankeportaalis on aktiveeritud. Saate nüüd sisse logida ja hangetes osaleda.',
      },
      RUS: {
        subject: 'Ваша учётная запись активирована',
        content:
          'Здравствуйте, {{user_first_name}} {{user_last_name}}!\n\nВаша учётная запись в портале закупок активирована. Теперь вы можете войти и участвовать в тендерах.',
      },
      ENG: {
        subject: 'Your account has been activated',
        content:
          'Hello {{user_first_name}} {{user_last_name}},\n\nYour account in the procurement portal has been activated. You can now log in and take part in tenders.',
      },
    }),
  },
  {
    key: 'ACCOUNT_DEACTIVATED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Teie konto on suletud',
        content:
          'Tere, {{user_first_name}} {{user_last_name}}!\n\nTeie konto hankeportaalis on deaktiveeritud. Küsimuste korral vastake sellele kirjale.',
      },
      RUS: {
        subject: 'Ваша учётная запись закрыта',
        content:
          'Здравствуйте, {{user_first_name}} {{user_last_name}}!\n\nВаша учётная запись в портале закупок деактивирована. Если у вас есть вопросы, ответьте на это письмо.',
      },
      ENG: {
        subject: 'Your account has been closed',
        content:
          'Hello {{user_first_name}} {{user_last_name}},\n\nYour account in the procurement portal has been deactivated. If you have questions, reply to this e-mail.',
      },
    }),
  },
  {
    key: 'PASSWORD_RECOVERY',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Salasõna taastamine',
        content:
          'Tere!\n\nSaime taotluse teie salasõna muutmiseks. Uue salasõna saate määrata järgmise lingi kaudu: {{reset_link}}\n\nLink kehtib kuni {{link_expires}} ja seda saab kasutada üks kord. Kui te taotlust ei esitanud, jätke see kiri tähelepanuta.',
      },
      RUS: {
        subject: 'Восстановление пароля',
        content:
          'Здравствуйте!\n\nМы получили запрос на смену вашего пароля. Новый пароль можно задать по ссылке: {{reset_link}}\n\nСсылка действует до {{link_expires}} и может быть использована один раз. Если вы не отправляли запрос, просто проигнорируйте это письмо.',
      },
      ENG: {
        subject: 'Password recovery',
        content:
          'Hello,\n\nWe received a request to change your password. You can set a new password with this link: {{reset_link}}\n\nThe link works once, until {{link_expires}}. If you did not ask for this, ignore this e-mail.',
      },
    }),
  },
  {
    key: 'USER_INVITATION',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Kutse hankeportaali',
        content:
          'Tere, {{user_first_name}} {{user_last_name}}!\n\nTeile on loodud konto hankeportaalis (kasutajanimi {{user_email}}). Salasõna saate määrata järgmise lingi kaudu: {{reset_link}}\n\nLink kehtib kuni {{link_expires}} ja seda saab kasutada üks kord.',
      },
      RUS: {
        subject: 'Приглашение в портал закупок',
        content:
          'Здравствуйте, {{user_first_name}} {{user_last_name}}!\n\nДля вас создана учётная запись в портале закупок (имя пользователя {{user_email}}). Задать пароль можно по ссылке: {{reset_link}}\n\nСсылка действует до {{link_expires}} и может быть использована один раз.',
      },
      ENG: {
        subject: 'Invitation to the procurement portal',
        content:
          'Hello {{user_first_name}} {{user_last_name}},\n\nAn account has been created for you in the procurement portal (user name {{user_email}}). You can set your password with this link: {{reset_link}}\n\nThe link works once, until {{link_expires}}.',
      },
    }),
  },
  {
    key: 'TENDER_QUESTION',
    type: 'INTERNAL',
    texts: sign({
      EST: {
        subject: 'Küsimus hankes {{tender_code}}',
        content:
          'Tere!\n\nTarnija esitas küsimuse hanke {{tender_code}} kohta ({{question_about}}):\n\n{{question}}\n\nHange lõpeb {{tender_finish}}. Vastus avaldatakse portaalis kõigile tarnijatele, kes hanget näevad; küsija nime ei näidata.',
      },
      RUS: {
        subject: 'Вопрос по тендеру {{tender_code}}',
        content:
          'Здравствуйте!\n\nПоставщик задал вопрос по тендеру {{tender_code}} ({{question_about}}):\n\n{{question}}\n\nТендер заканчивается {{tender_finish}}. Ответ публикуется в портале для всех поставщиков, которые видят тендер; имя спросившего не показывается.',
      },
      ENG: {
        subject: 'Question on tender {{tender_code}}',
        content:
          'Hello,\n\nA supplier asked a question on tender {{tender_code}} ({{question_about}}):\n\n{{question}}\n\nThe tender ends {{tender_finish}}. The answer is published in the portal to every supplier who can see the tender; the asker is not named.',
      },
    }),
  },
  {
    key: 'TENDER_ANSWER',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Hanke {{tender_code}} küsimusele vastati',
        content:
          'Tere!\n\nHanke {{tender_code}} kohta ({{question_about}}) küsiti:\n\n{{question}}\n\nOstja vastus:\n\n{{answer}}\n\nHange lõpeb {{tender_finish}}.',
      },
      RUS: {
        subject: 'Ответ на вопрос по тендеру {{tender_code}}',
        content:
          'Здравствуйте!\n\nПо тендеру {{tender_code}} ({{question_about}}) был задан вопрос:\n\n{{question}}\n\nОтвет покупателя:\n\n{{answer}}\n\nТендер заканчивается {{tender_finish}}.',
      },
      ENG: {
        subject: 'A question on tender {{tender_code}} was answered',
        content:
          'Hello,\n\nA question was asked on tender {{tender_code}} ({{question_about}}):\n\n{{question}}\n\nThe buyer answered:\n\n{{answer}}\n\nThe tender ends {{tender_finish}}.',
      },
    }),
  },
  {
    key: 'TENDER_EXTENDED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Hanke {{tender_code}} lõpuaega pikendati',
        content:
          'Tere!\n\nHanke {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) nõudeid täpsustati ja selle lõpuaega pikendati: senine lõpp {{tender_old_finish}}, uus lõpp {{tender_finish}}. Küsimused ja vastused on portaalis hanke juures; pakkumisi saab muuta kuni uue lõpuajani.',
      },
      RUS: {
        subject: 'Срок тендера {{tender_code}} продлён',
        content:
          'Здравствуйте!\n\nТребования тендера {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) уточнены, и срок его окончания продлён: прежнее окончание {{tender_old_finish}}, новое окончание {{tender_finish}}. Вопросы и ответы находятся в портале на странице тендера; предложения можно изменять до нового срока.',
      },
      ENG: {
        subject: 'Tender {{tender_code}} has been extended',
        content:
          'Hello,\n\nThe requirements of tender {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) were clarified and its end was moved: previous end {{tender_old_finish}}, new end {{tender_finish}}. The questions and answers are on the tender in the portal; offers can be changed until the new end.',
      },
    }),
  },
  {
    key: 'TERMS_CHANGED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Hankeportaali kasutustingimused muutuvad {{terms_effective}}',
        content:
          'Tere, {{user_first_name}} {{user_last_name}}!\n\nHankeportaali kasutustingimuste uus versioon {{terms_version}} jõustub {{terms_effective}}. Uue tekstiga saate tutvuda siin: {{terms_link}}\n\nAlates jõustumise päevast palutakse teil portaali sisenedes uute tingimustega nõustuda.',
      },
      RUS: {
        subject: 'Условия использования портала закупок меняются {{terms_effective}}',
        content:
          'Здравствуйте, {{user_first_name}} {{user_last_name}}!\n\nНовая версия {{terms_version}} условий использования портала закупок вступает в силу {{terms_effective}}. С новым текстом можно ознакомиться здесь: {{terms_link}}\n\nСо дня вступления в силу портал попросит вас принять новые условия при входе.',
      },
      ENG: {
        subject: 'The terms of use of the procurement portal change on {{terms_effective}}',
        content:
          'Hello {{user_first_name}} {{user_last_name}},\n\nVersion {{terms_version}} of the terms of use of the procurement portal takes effect on {{terms_effective}}. You can read the new text here: {{terms_link}}\n\nFrom that day the portal asks you to accept the new terms when you sign in.',
      },
    }),
  },
  {
    key: 'TENDER_CHOOSE_SOON',
    type: 'INTERNAL',
    texts: sign({
      EST: {
        subject: 'Hange {{tender_code}}: võitjate valimiseks on jäänud 24 tundi',
        content:
          'Tere!\n\nHange {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) lõppes {{tender_finish}}. Tingimuste järgi valitakse võitjad 48 tunni jooksul: palun valige need hiljemalt {{choose_by}}.',
      },
      RUS: {
        subject: 'Тендер {{tender_code}}: на выбор победителей осталось 24 часа',
        content:
          'Здравствуйте!\n\nТендер {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) завершился {{tender_finish}}. По условиям победители выбираются в течение 48 часов: пожалуйста, выберите их не позднее {{choose_by}}.',
      },
      ENG: {
        subject: 'Tender {{tender_code}}: 24 hours left to choose the winners',
        content:
          'Hello,\n\nTender {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) finished at {{tender_finish}}. By the terms the winners are chosen within 48 hours: please choose them by {{choose_by}}.',
      },
    }),
  },
  {
    key: 'TENDER_CHOOSE_OVERDUE',
    type: 'INTERNAL',
    texts: sign({
      EST: {
        subject: 'Hange {{tender_code}}: võitjate valimise aeg on möödas',
        content:
          'Tere!\n\nHange {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) lõppes {{tender_finish}} ja võitjad oleks tulnud valida hiljemalt {{choose_by}}. Palun valige võitjad või tühistage hange esimesel võimalusel.',
      },
      RUS: {
        subject: 'Тендер {{tender_code}}: срок выбора победителей истёк',
        content:
          'Здравствуйте!\n\nТендер {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) завершился {{tender_finish}}, и победителей следовало выбрать не позднее {{choose_by}}. Пожалуйста, выберите победителей или отмените тендер как можно скорее.',
      },
      ENG: {
        subject: 'Tender {{tender_code}}: the time to choose the winners has passed',
        content:
          'Hello,\n\nTender {{tender_code}} ({{tender_group_name}}, {{tender_warehouse_name}}) finished at {{tender_finish}} and the winners were to be chosen by {{choose_by}}. Please choose the winners or cancel the tender as soon as you can.',
      },
    }),
  },
  {
    key: 'AWARD_REFUSED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Hanke {{tender_code}} tellimusest loobumine on registreeritud',
        content:
          'Tere!\n\nRegistreerisime, et loobusite {{refused_on}} hankes {{tender_code}} ({{tender_group_name}}) järgmistest tellimuse ridadest:\n{{refused_list}}\n\nPõhjus: {{refusal_reason}}\n\nKasutustingimuste järgi valiti järgmine parim pakkumine. Hinnavahe nõue on {{claim_amount}}, tasumise tähtpäev {{claim_due}} (14 päeva nõude esitamisest). Loobumine on kantud teie ettevõtte rikkumiste registrisse.',
      },
      RUS: {
        subject: 'Отказ от заказа в тендере {{tender_code}} зарегистрирован',
        content:
          'Здравствуйте!\n\nМы зарегистрировали, что {{refused_on}} вы отказались от следующих строк заказа в тендере {{tender_code}} ({{tender_group_name}}):\n{{refused_list}}\n\nПричина: {{refusal_reason}}\n\nПо условиям использования выбрано следующее лучшее предложение. Требование о разнице в цене: {{claim_amount}}, срок оплаты {{claim_due}} (14 дней с даты требования). Отказ внесён в реестр нарушений вашей компании.',
      },
      ENG: {
        subject: 'Your refusal of the order in tender {{tender_code}} has been recorded',
        content:
          "Hello,\n\nWe have recorded that on {{refused_on}} you refused the following order lines in tender {{tender_code}} ({{tender_group_name}}):\n{{refused_list}}\n\nReason: {{refusal_reason}}\n\nUnder the terms of use the next best offer was chosen. The claim for the price difference is {{claim_amount}}, due on {{claim_due}} (14 days from the claim). The refusal is entered in your company's breach register.",
      },
    }),
  },
  {
    key: 'SUPPLIER_EXCLUDED',
    type: 'EXTERNAL',
    texts: sign({
      EST: {
        subject: 'Ettevõte {{company_name}} on hankeportaalist välja arvatud',
        content:
          'Tere, {{user_first_name}} {{user_last_name}}!\n\nKasutustingimuste rikkumiste tõttu on ettevõte {{company_name}} hankeportaalist välja arvatud ja selle kasutajakontod on suletud.\n\nPõhjus: {{exclusion_reason}}',
      },
      RUS: {
        subject: 'Компания {{company_name}} исключена из портала закупок',
        content:
          'Здравствуйте, {{user_first_name}} {{user_last_name}}!\n\nИз-за нарушений условий использования компания {{company_name}} исключена из портала закупок, её учётные записи закрыты.\n\nПричина: {{exclusion_reason}}',
      },
      ENG: {
        subject: '{{company_name}} has been excluded from the procurement portal',
        content:
          'Hello {{user_first_name}} {{user_last_name}},\n\nBecause of breaches of the terms of use, {{company_name}} has been excluded from the procurement portal and its user accounts have been closed.\n\nReason: {{exclusion_reason}}',
      },
    }),
  },
];
