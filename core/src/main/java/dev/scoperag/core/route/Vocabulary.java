package dev.scoperag.core.route;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Word lists that keep ordinary English and finance jargon from being read as issuers. */
final class Vocabulary {

    private Vocabulary() {}

    /**
     * Trailing words of legal names that say nothing about which company it is. Stripped from both
     * directory titles and questions so "Microsoft Corp" and "Microsoft" meet.
     */
    static final Set<String> CORPORATE_SUFFIXES = words(
            "inc", "incorporated", "corp", "corporation", "co", "company", "companies", "cos", "holdings",
            "holding", "group", "plc", "ltd", "limited", "nv", "sa", "ag", "se", "llc", "lp", "llp", "com",
            "and");

    /**
     * Words that occur at the start of many company names; alone they never identify one
     * ("American" is Airlines, Express, Water Works, Tower ...).
     */
    static final Set<String> GENERIC_NAME_WORDS = words(
            "general", "american", "united", "first", "international", "national", "global", "new", "the",
            "bank", "banc", "financial", "capital", "southern", "northern", "western", "eastern", "pacific",
            "atlantic", "royal", "public", "federal", "home", "energy", "health", "healthcare", "technologies",
            "technology", "systems", "industries", "resources", "services", "group", "trust", "realty",
            "properties", "partners", "fund", "income", "insurance", "life", "mutual", "community", "citizens",
            "peoples", "central", "standard", "universal", "digital", "data", "power", "gas", "oil", "water",
            "electric", "mining", "gold", "silver", "china", "us", "usa", "north", "south", "east", "west",
            "world", "great", "investors", "investment", "investments", "equity", "credit", "real", "estate",
            "pharmaceuticals", "therapeutics", "biosciences", "acquisition", "holdings", "brands", "foods",
            "communications", "consolidated", "enterprise", "enterprises", "advanced", "applied", "premier",
            "select", "summit", "alpha", "one", "pioneer", "liberty", "heritage", "frontier", "old", "west",
            "global");

    /**
     * Upper-case abbreviations common in financial questions that collide with listed tickers
     * (AR is Antero Resources, AGM is Farmer Mac); read as tickers only after "$" or "ticker".
     */
    static final Set<String> ACRONYMS = words(
            "FY", "CY", "PY", "YE", "YTD", "QTD", "MRQ", "LTM", "TTM", "YOY", "QOQ", "CEO", "CFO", "COO", "CTO",
            "CIO", "CAO", "EVP", "SVP", "VP", "USD", "EUR", "GBP", "JPY", "CNY", "CAD", "EBIT", "EBITDA",
            "EBITDAR", "EBT", "NOPAT", "ROA", "ROE", "ROI", "ROIC", "ROCE", "EPS", "DPS", "BPS", "COGS", "GAAP",
            "IFRS", "FASB", "ASC", "ASU", "SEC", "AGM", "NYSE", "NASDAQ", "IPO", "SPAC", "ESG", "CAGR", "FCF",
            "OCF", "CAPEX", "OPEX", "PPE", "PPNE", "AR", "AP", "DSO", "DPO", "DIO", "CCC", "US", "USA", "UK",
            "EU", "UN", "AI", "HR", "PR", "IR", "TV", "OK", "ID", "NA", "LLC", "INC", "CORP", "CO", "LP", "PLC",
            "SA", "NV", "AG", "ETF", "REIT", "NOL", "DTA", "DTL", "SGA", "EV", "GDP", "CPI", "LIBOR", "SOFR",
            "FX", "OCI", "AOCI", "RSU", "PSU", "ESPP", "ERISA", "OPEB", "LIFO", "FIFO", "MD", "COVID", "API",
            "KPI", "MAU", "DAU", "ARPU", "NPS", "WACC", "DCF", "LBO", "OTC", "ADR", "ADS", "CECL", "CET", "RWA",
            "NII", "NIM", "PCL", "ACL", "TCE", "LCR", "HQLA", "CCAR", "SCB", "CDS", "MBS", "ABS", "CLO", "CDO",
            "AUM", "NAV", "TBV", "BVPS", "AAA", "AA", "BBB", "BB", "CCC", "LTV", "CAC", "GMV", "TPV", "ARR",
            "MRR", "SKU", "RD", "PL", "BS", "IS", "CF", "NI", "OI", "DA", "WC", "NWC", "EMEA", "APAC", "LATAM",
            "AMER", "CEE", "MENA", "DSD", "ATM", "CD", "DC", "NY", "NJ", "CA", "TX", "NASA", "FDA", "FTC", "DOJ",
            "IRS", "EPA", "OECD", "OPEC", "FOMC", "FED", "ECB", "PRC", "UAE", "Q1", "Q2", "Q3", "Q4", "H1", "H2",
            "II", "III", "IV", "VI", "VII", "VIII", "IX", "XI", "XII", "PDF", "HTML", "URL", "CSV", "FAQ",
            "TBD", "ASAP", "FYI", "AKA", "EST", "PST", "GMT", "UTC", "AM");

    /**
     * Common English words, including the vocabulary of financial questions. A ticker or a
     * one-word name equal to one of these ("ALL", "IT", "Block", "Target") needs stronger evidence
     * than its mere appearance.
     */
    static final Set<String> COMMON_WORDS = words(
            "a", "about", "above", "across", "after", "again", "against", "all", "almost", "along", "also",
            "although", "always", "am", "among", "amount", "an", "and", "another", "any", "are", "around", "as",
            "ask", "at", "away", "back", "based", "basing", "be", "because", "been", "before", "being", "below",
            "best", "better", "between", "big", "both", "but", "buy", "by", "call", "can", "care", "case", "cash",
            "cat", "change", "clear", "close", "come", "compute", "considering", "could", "current", "cut", "day",
            "define", "did", "do", "does", "done", "down", "drive", "drove", "due", "each", "early", "eat", "end",
            "even", "ever", "every", "fact", "far", "fast", "few", "find", "fine", "first", "five", "for", "four",
            "free", "from", "fun", "further", "gain", "get", "give", "go", "good", "got", "great", "had", "has",
            "have", "he", "her", "here", "high", "him", "his", "hold", "home", "how", "however", "huge", "i",
            "if", "in", "into", "is", "it", "its", "just", "keep", "key", "kind", "know", "large", "last", "late",
            "least", "less", "let", "life", "like", "line", "little", "live", "loan", "long", "look", "love",
            "low", "made", "main", "make", "many", "may", "me", "might", "mo", "more", "most", "move", "much",
            "must", "my", "near", "need", "never", "new", "next", "nice", "no", "not", "now", "of", "off", "old",
            "on", "once", "one", "only", "open", "or", "other", "our", "out", "over", "own", "part", "peak",
            "per", "place", "play", "please", "plus", "point", "post", "put", "rare", "rather", "real", "right",
            "rock", "round", "roughly", "run", "safe", "said", "same", "save", "say", "see", "seen", "set",
            "shall", "she", "should", "show", "side", "since", "six", "small", "so", "some", "state", "still",
            "such", "sure", "take", "than", "that", "the", "their", "them", "then", "there", "these", "they",
            "this", "those", "three", "through", "time", "to", "too", "top", "total", "true", "two", "under",
            "up", "upon", "us", "use", "used", "very", "want", "was", "way", "we", "well", "were", "what", "when",
            "where", "whether", "which", "while", "who", "whole", "why", "will", "with", "within", "without",
            "work", "would", "year", "yet", "you", "your", "zero",
            // financial-question vocabulary
            "account", "accounts", "address", "adjusted", "analyst", "answer", "annual", "approach", "asset",
            "assets", "assume", "average", "balance", "bank", "block", "board", "bond", "book", "brand",
            "business", "calculate", "capital", "class", "company", "consider", "cost", "costs", "credit",
            "debt", "deficit", "dividend", "dividends", "earnings", "equity", "expense", "expenses", "express",
            "extract", "financial", "fiscal", "flow", "flows", "fund", "general", "gross", "group", "growth",
            "income", "interest", "inventory", "invest", "investment", "level", "loss", "losses", "margin",
            "market", "net", "note", "operating", "operations", "paid", "pay", "payout", "period", "price",
            "profit", "property", "quarter", "ratio", "rate", "report", "respond", "return", "revenue",
            "revenues", "sales", "segment", "share", "shares", "statement", "stock", "target", "tax", "trade",
            "trust", "unit", "value", "working", "yield", "item", "form", "filing", "schedule", "series", "type",
            "grade", "tier", "phase", "exhibit", "section", "table", "figure", "page", "region", "division",
            "square", "chase", "gap", "ball", "sun", "star",
            "general", "american", "united", "national", "global", "international");

    private static Set<String> words(String... words) {
        return Set.copyOf(List.of(words));
    }

    static boolean isCommonWord(String word) {
        return COMMON_WORDS.contains(word.toLowerCase(Locale.ROOT));
    }

    static boolean isAcronym(String upperToken) {
        return ACRONYMS.contains(upperToken);
    }

    static boolean isGenericNameWord(String normalizedToken) {
        return GENERIC_NAME_WORDS.contains(normalizedToken);
    }
}
