/**
 * The refusals an API key meets, in the caller's language (docs/requirements.md §6, ADR 0019). An integration
 * has no app to translate the code (ADR 0015), so these few are written by the server itself in the language of
 * `Accept-Language`; the body still names the code and its parameters, and the English is the registry's template.
 */
import { SERVER_MESSAGES } from './server-messages.rules'

export type ApiKeyMessageCode = 'api_key_invalid' | 'api_key_scope' | 'api_key_not_here' | 'api_key_rate_limited'
export const MESSAGE_LANGUAGES = ['en', 'pt', 'es', 'fr', 'it'] as const
type Lang = (typeof MESSAGE_LANGUAGES)[number]

const TEXTS: Record<ApiKeyMessageCode, Record<Exclude<Lang, 'en'>, string>> = {
  api_key_invalid: {
    pt: 'Chave de API inválida, revogada ou expirada.',
    es: 'Clave de API no válida, revocada o caducada.',
    fr: "Clé d'API non valide, révoquée ou expirée.",
    it: 'Chiave API non valida, revocata o scaduta.',
  },
  api_key_scope: {
    pt: 'Esta chave de API não tem o escopo "{scope}".',
    es: 'Esta clave de API no tiene el ámbito "{scope}".',
    fr: "Cette clé d'API n'a pas la portée « {scope} ».",
    it: 'Questa chiave API non ha l\'ambito "{scope}".',
  },
  api_key_not_here: {
    pt: 'Chaves de API não podem ser usadas nesta rota.',
    es: 'Las claves de API no se pueden usar en esta ruta.',
    fr: "Les clés d'API ne peuvent pas être utilisées sur cette route.",
    it: 'Le chiavi API non possono essere usate su questa rotta.',
  },
  api_key_rate_limited: {
    pt: 'Muitas requisições com esta chave de API. Tente novamente em {seconds} segundos.',
    es: 'Demasiadas solicitudes con esta clave de API. Inténtelo de nuevo en {seconds} segundos.',
    fr: "Trop de requêtes avec cette clé d'API. Réessayez dans {seconds} secondes.",
    it: 'Troppe richieste con questa chiave API. Riprova tra {seconds} secondi.',
  },
}

/** The first language of an Accept-Language header that we speak (by its quality), English otherwise. */
export function languageOf(header: string | undefined): Lang {
  if (!header) return 'en'
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { lang: tag.split('-')[0], q: q === undefined ? 1 : Number(q), i }
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
  return (ranked.find((r) => (MESSAGE_LANGUAGES as readonly string[]).includes(r.lang))?.lang as Lang | undefined) ?? 'en'
}

/** `{detail, code, params}` of a key's refusal in the caller's language. */
export function apiKeyMessage(code: ApiKeyMessageCode, acceptLanguage: string | undefined, params: Record<string, string> = {}) {
  const lang = languageOf(acceptLanguage)
  const template = lang === 'en' ? SERVER_MESSAGES[code] : TEXTS[code][lang]
  const detail = template.replace(/\{([a-z_]+)\}/g, (_, name: string) => params[name] ?? '')
  return { detail, code, params }
}
