import type about from './locales/ko/about.json';
import type account from './locales/ko/account.json';
import type admin from './locales/ko/admin.json';
import type chat from './locales/ko/chat.json';
import type classes from './locales/ko/classes.json';
import type classGroup from './locales/ko/classGroup.json';
import type common from './locales/ko/common.json';
import type dashboard from './locales/ko/dashboard.json';
import type documents from './locales/ko/documents.json';
import type edutech from './locales/ko/edutech.json';
import type events from './locales/ko/events.json';
import type home from './locales/ko/home.json';
import type landing from './locales/ko/landing.json';
import type library from './locales/ko/library.json';
import type notices from './locales/ko/notices.json';
import type pricing from './locales/ko/pricing.json';
import type quizTool from './locales/ko/quizTool.json';
import type records from './locales/ko/records.json';
import type signup from './locales/ko/signup.json';
import type site from './locales/ko/site.json';
import type standardTool from './locales/ko/standardTool.json';
import type teacher from './locales/ko/teacher.json';
import type toolAssistant from './locales/ko/toolAssistant.json';
import type tools from './locales/ko/tools.json';
import type toolViews from './locales/ko/toolViews.json';
import type webtoon from './locales/ko/webtoon.json';

// Typed keys: a t('…') call with a key missing from the Korean texts fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      site: typeof site;
      landing: typeof landing;
      teacher: typeof teacher;
      pricing: typeof pricing;
      about: typeof about;
      events: typeof events;
      home: typeof home;
      account: typeof account;
      signup: typeof signup;
      chat: typeof chat;
      library: typeof library;
      documents: typeof documents;
      toolViews: typeof toolViews;
      classGroup: typeof classGroup;
      standardTool: typeof standardTool;
      webtoon: typeof webtoon;
      toolAssistant: typeof toolAssistant;
      quizTool: typeof quizTool;
      tools: typeof tools;
      classes: typeof classes;
      records: typeof records;
      admin: typeof admin;
      edutech: typeof edutech;
      notices: typeof notices;
      dashboard: typeof dashboard;
    };
  }
}
