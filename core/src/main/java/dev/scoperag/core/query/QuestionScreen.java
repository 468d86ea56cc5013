package dev.scoperag.core.query;

import java.lang.Character.UnicodeScript;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Refuses questions the pipeline cannot answer faithfully before any retrieval runs: questions not
 * in English (the embedding model, the lexical analyzer and the extractive answerer are English
 * only) and questions that try to instruct the answerer instead of asking about a filing.
 *
 * <p>Both checks are deliberately conservative: a question is refused only on clear signs (a
 * non-Latin script for most of its letters, several common function words of another language
 * outnumbering the English ones, a phrase such as "ignore your previous instructions"), so English
 * financial questions that name foreign companies or tell the analyst what to assume still pass.
 */
public final class QuestionScreen {

    /** Below this many letters the script share says nothing ("3M?"). */
    private static final int MIN_LETTERS = 4;
    /** Above this share of letters outside the Latin script a question is not English. */
    private static final double MAX_NON_LATIN_SHARE = 0.3;
    /** A Latin-script question is another language with at least this many foreign function words... */
    private static final int MIN_FOREIGN_WORDS = 3;
    /** ...when they are more than this many times as many as its English function words. */
    private static final int FOREIGN_TO_ENGLISH_RATIO = 2;

    private static final Pattern WORD = Pattern.compile("[\\p{L}]+");

    /**
     * Frequent words of Spanish, French, German, Portuguese, Italian and Dutch questions that are not
     * English words (so "die", "do", "per", "war", "was", "as", "on", "a" are left out).
     */
    private static final Set<String> FOREIGN_WORDS = Set.of(
            // Spanish
            "el", "los", "las", "del", "una", "unos", "por", "para", "qué", "cuál", "cuáles", "cuánto", "cuántos",
            "cómo", "fue", "fueron", "es", "son", "sus", "año", "ingresos", "empresa", "según", "entre", "está", "ventas",
            // French
            "le", "les", "des", "du", "une", "est", "était", "sont", "quel", "quelle", "quels", "quelles", "pour",
            "dans", "avec", "qui", "au", "aux", "été", "ont", "cette", "ces", "leur", "combien", "comment", "année",
            "chiffre", "affaires", "entreprise", "société", "exercice",
            // German
            "der", "das", "und", "ist", "wie", "von", "im", "mit", "für", "auf", "ein", "eine", "einen", "den", "dem",
            "nicht", "hoch", "welche", "welcher", "wurde", "wurden", "hat", "haben", "sich", "zu", "bei", "umsatz",
            "unternehmen", "jahr", "geschäftsjahr",
            // Portuguese
            "os", "da", "dos", "um", "uma", "foi", "foram", "qual", "quais", "quanto", "em", "não", "são",
            "ao", "pelo", "pela", "receita",
            // Italian
            "il", "lo", "gli", "della", "delle", "degli", "di", "è", "sono", "quale", "quali", "nel", "nella",
            "anno", "fatturato", "società",
            // Dutch
            "het", "een", "van", "zijn", "voor", "wat", "hoeveel", "jaar", "omzet", "bedrijf", "niet", "met", "ook");

    private static final Set<String> ENGLISH_WORDS = Set.of(
            "the", "what", "which", "who", "how", "why", "when", "where", "was", "were", "is", "are", "be", "been",
            "of", "in", "for", "to", "by", "from", "with", "on", "at", "as", "and", "or", "did", "does", "do", "has",
            "have", "had", "its", "their", "this", "that", "these", "those", "much", "many", "any", "an", "a", "than",
            "year", "fiscal", "revenue", "revenues", "net", "income", "company", "total", "sales");

    /**
     * Instructions addressed to the answerer rather than questions about a filing: overriding its
     * instructions, revealing its prompt, or switching it into another role or mode.
     */
    private static final Pattern INJECTION = Pattern.compile(String.join("|",
            "\\b(?:ignore|disregard|forget)\\s+(?:(?:all|any|of|your|the|previous|prior|above|earlier|preceding|original"
                    + "|system|these|those|safety)\\s+){0,4}(?:instructions?|prompts?|rules|directions|guidelines|guardrails)\\b",
            "\\b(?:ignore|disregard|forget)\\s+(?:everything|anything)\\s+(?:above|before|you (?:were|have been) told)\\b",
            "\\b(?:reveal|print|show|repeat|output|display|leak|dump|tell me)\\b[^.?!\\n]{0,30}?"
                    + "\\b(?:system|hidden|initial|original|developer)\\s+(?:prompt|instructions|message)",
            "\\byou are now\\b",
            "\\b(?:developer|dan|jailbreak|god)\\s+mode\\b",
            "(?m)^\\s*(?:system|assistant)\\s*:"),
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /**
     * Throws when the question is not in English or is an instruction to the answerer.
     *
     * @throws QueryRejectedException UNSUPPORTED_LANGUAGE or PROMPT_INJECTION
     */
    public void check(String queryId, String question) throws QueryRejectedException {
        Optional<String> language = notEnglish(question);
        if (language.isPresent()) {
            throw new QueryRejectedException(QueryRejectedException.Reason.UNSUPPORTED_LANGUAGE, queryId, language.get());
        }
        Optional<String> injection = injection(question);
        if (injection.isPresent()) {
            throw new QueryRejectedException(QueryRejectedException.Reason.PROMPT_INJECTION, queryId, injection.get());
        }
    }

    /** Why the question is taken for another language than English, or empty when it reads as English. */
    public static Optional<String> notEnglish(String question) {
        int letters = 0;
        int nonLatin = 0;
        for (int i = 0; i < question.length(); ) {
            int cp = question.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isLetter(cp)) {
                letters++;
                if (UnicodeScript.of(cp) != UnicodeScript.LATIN) {
                    nonLatin++;
                }
            }
        }
        if (letters >= MIN_LETTERS && nonLatin > MAX_NON_LATIN_SHARE * letters) {
            return Optional.of(String.format(Locale.ROOT,
                    "%d of %d letters are not in the Latin script; questions must be in English", nonLatin, letters));
        }
        int foreign = question.contains("¿") ? 1 : 0;
        int english = 0;
        Matcher word = WORD.matcher(question.toLowerCase(Locale.ROOT));
        while (word.find()) {
            String w = word.group();
            if (FOREIGN_WORDS.contains(w)) {
                foreign++;
            } else if (ENGLISH_WORDS.contains(w)) {
                english++;
            }
        }
        if (foreign >= MIN_FOREIGN_WORDS && foreign > FOREIGN_TO_ENGLISH_RATIO * english) {
            return Optional.of(String.format(Locale.ROOT,
                    "%d common words of another language against %d English ones; questions must be in English", foreign, english));
        }
        return Optional.empty();
    }

    /** The phrase that makes the question an instruction to the answerer, or empty. */
    public static Optional<String> injection(String question) {
        Matcher matcher = INJECTION.matcher(question);
        if (!matcher.find()) {
            return Optional.empty();
        }
        return Optional.of("the question instructs the answerer instead of asking about a filing: \""
                + matcher.group().strip() + "\"");
    }
}
