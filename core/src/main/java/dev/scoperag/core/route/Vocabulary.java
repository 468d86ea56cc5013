package dev.scoperag.core.route;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

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

    /** Legal forms as titles abbreviate them and as people write them out: "Southern Co" is "Southern Company". */
    static final Map<String, String> SUFFIX_SPELLINGS = Map.of(
            "co", "company", "company", "co", "corp", "corporation", "corporation", "corp", "inc", "incorporated",
            "incorporated", "inc", "cos", "companies", "companies", "cos", "ltd", "limited", "limited", "ltd");

    /** A country after the name says where the listing is, not which company: "T-Mobile US", "Comfort Systems USA". */
    static final Set<String> COUNTRY_TAGS = words("us", "usa");

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
            "global", "america", "pharma", "bio", "tech", "med", "medical");

    /**
     * Upper-case abbreviations common in financial questions that collide with listed tickers
     * (AR is Antero Resources, AGM is Farmer Mac); read as tickers only after "$" or "ticker".
     */
    /**
     * Two letters around an ampersand that finance writes for itself, in lower case: "m&a" is mergers and acquisitions,
     * not the initials of a name of two words joined by "&".
     */
    static final Set<String> AMPERSAND_ABBREVIATIONS = words("m&a", "r&d", "p&l", "s&p", "g&a", "d&a", "e&p", "p&c", "a&d",
            "b&b", "q&a", "t&e", "o&m", "c&i", "r&m", "f&b", "l&d", "b&m", "h&s", "m&e", "d&o", "e&o", "p&i", "s&l", "t&d",
            "o&g", "i&e", "c&d", "e&c", "a&p", "a&r", "b&w", "c&f", "e&y", "h&m", "j&j", "p&g", "m&t", "s&t", "u&o",
            "a&m", "b&o", "r&r", "c&c", "m&m", "k&l", "l&h", "o&a", "p&p", "s&d", "h&r");

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
            "TBD", "ASAP", "FYI", "AKA", "EST", "PST", "GMT", "UTC", "AM",
            // industry terms that are also listed tickers (LNG is Cheniere, HBM Hudbay Minerals, MCR, a managed-care
            // company's medical care ratio, a fund; CIB, a bank's corporate and investment bank, Grupo Cibest; BTC and ETH,
            // the coins a miner or treasury company holds, two trusts that hold them)
            "LNG", "GPU", "CPU", "SUV", "CRE", "PCE", "PMI", "RPO", "NRR", "SMB", "HBM", "AWS", "LLM", "ERP",
            "SAAS", "IOT", "OEM", "ODM", "DRAM", "NAND", "EMS", "POS", "CPG", "QSR", "DTC", "MVNO", "ARPA", "PBM", "NGL",
            "BESS", "MLR", "MCR", "ACA", "NFL", "NBA", "FCC", "DOE", "DOD", "NHS", "WHO", "BNPL", "ADAS", "HPC", "PIK", "BDC",
            "NFT", "CIB", "BTC", "ETH",
            // public bodies, regulators, standard setters, grid operators and leagues, some of them listed tickers too
            // ("CMS final rate notice" is Medicare's, not CMS Energy's; "NRC licensing" the nuclear regulator's)
            "CMS", "OCC", "NRC", "DEA", "HHS", "WTO", "FDIC", "CFPB", "FHFA", "FERC", "OMB", "CBO", "GAO", "NHTSA",
            "FAA", "OSHA", "NLRB", "EEOC", "CFTC", "FINRA", "PCAOB", "ISSB", "IASB", "IMF", "BIS", "BOE", "BOJ", "PBOC",
            "NATO", "CDC", "NIH", "NOAA", "USPTO", "ITC", "USTR", "CBP", "TSA", "FEMA", "HUD", "SBA", "FHA", "USDA",
            "DOT", "DHS", "DOL", "FBI", "EIA", "IEA", "NERC", "ERCOT", "PJM", "MISO", "CAISO", "NCUA", "FSOC", "OFAC",
            "SIPC", "MSRB", "NAIC", "UAW", "NCAA", "NHL", "MLB", "NYC",
            // medicine's abbreviations, which no listing has as its ticker ("3 tesla MRI" is no MGM Resorts International)
            "MRI", "EKG", "HIV", "PCR", "EHR", "COPD", "ADHD");

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
            "square", "chase", "gap", "ball", "sun", "star", "strategy",
            "general", "american", "united", "national", "global", "international");

    /**
     * Words that, after a company name written in lower case, show it is meant as the company:
     * "apple services margin" but not "apple pie", "target comparable sales" but not "target date".
     */
    static final Set<String> BUSINESS_WORDS = words(
            "revenue", "revenues", "rev", "customer", "client", "clients", "op", "sss", "gallons", "organic", "sales", "margin", "margins", "earnings", "eps", "guidance", "growth", "capex",
            "buyback", "buybacks", "repurchase", "repurchases", "dividend", "dividends", "segment", "segments",
            "services", "comparable", "comps", "stock", "shares", "share", "debt", "cash", "free", "operating", "net",
            "gross", "income", "profit", "profits", "loss", "losses", "results", "quarter", "quarterly", "annual",
            "outlook", "forecast", "valuation", "inventory", "inventories", "backlog", "orders", "deliveries",
            "subscribers", "users", "pricing", "price", "prices", "cost", "costs", "expenses", "spending", "investment",
            "investments", "acquisition", "acquisitions", "deal", "merger", "strategy", "ceo", "cfo", "management",
            "leverage", "liquidity", "stores", "membership", "members", "advertising", "ads", "cloud", "business",
            "units", "division", "international", "domestic", "vs", "versus", "report", "filing", "fiscal", "balance",
            "capital", "total", "customers", "payments", "volume", "volumes", "production", "deposits", "loans",
            "assets", "liabilities", "ratio", "return", "returns", "ebitda", "headcount", "layoffs", "employees",
            "products", "brands", "pipeline", "exposure", "risk", "risks", "litigation", "tariffs", "market", "sector",
            "10-k", "10-q", "8-k", "q1", "q2", "q3", "q4", "h1", "h2", "yoy", "fy", "gaap", "opex", "rd",
            "r&d", "m&a", "p&l", "g&a", "sg&a", "d&a", "o&m", "e&p", "p&c", // NameTokens.AMPERSAND_TERMS
            "compared", "than", "vs.", "ratings", "franchise", "plan", "plans", "goodwill", "impairment",
            "restructuring", "charges", "tax", "taxes", "rate", "rates", "trends", "trend", "performance", "numbers",
            // the events of a deal: "adobe termination fee paid", "kenvue divestiture gain"
            "termination", "divestiture", "divestitures", "spinoff", "spin-off", "antitrust",
            // what follows a company's name when its business is meant: "intel foundry", "visa cross-border"
            "digital", "data", "devices", "chips", "semiconductor", "semiconductors", "software", "hardware",
            "retail", "wholesale", "consumer", "commercial", "enterprise", "platform", "streaming", "wireless",
            "banking", "dealer", "dealers", "foundry", "optical", "battery", "batteries", "pharma", "parks",
            "cross", "subscription", "subscriptions", "unit", "sales", "shareholders", "investors", "board",
            "executives", "layoffs", "10k", "10q",
            // metrics a filing reports by these names
            "originations", "origination", "occupancy", "retention", "churn", "bookings", "billings", "premiums",
            "underwriting", "utilization", "shipments", "attendance", "enrollment", "aum", "nim", "arr", "gmv", "tpv",
            "dau", "mau", "arpu", "ebit", "fcf", "payout", "charge-offs", "delinquencies", "same-store", "comp",
            // what a small or growing company's filing is asked about
            "commercialization", "launch", "launches", "approval", "approvals", "runway", "burn", "lawsuit", "lawsuits",
            "settlement", "settlements", "dilution", "offering", "warrants", "covenant", "covenants", "ramp",
            "adoption", "spend", "concern",
            // what an industry's filings report by these names
            "carloads", "rigs", "reserves", "royalty", "royalties", "licensing", "patents", "readout", "readouts", "pdufa",
            "postpaid", "prepaid", "hashrate", "closures", "openings", "capacity", "contracts", "exploration", "drilling",
            "arbitration", "certification", "fulfillment", "sustainment", "ffo", "affo", "noi", "revpar", "casm", "rasm",
            "nav", "count", "traffic", "yield", "yields", "throughput", "nonperforming", "npls", "npas", "chargeoffs", "closings",
            "homebuilding", "enplanements", "ridership", "prescriptions", "normalization", "decoupling", "refining", "expense",
            "noninterest", "stake", "stakes");

    /**
     * Kinds of business software whose abbreviations are also tickers ("CRM" is Salesforce's): before a word of what
     * software is ("crm implementation", "CRM software") they are the software.
     */
    static final Set<String> KINDS_OF_SOFTWARE = words("crm", "hcm", "scm", "plm", "hris");

    /**
     * Two-letter abbreviations of metrics and amounts that are also large issuers' tickers: "GM" is gross margin, "CM"
     * contribution margin, "CP" commercial paper, "BN" billion, "PM" a portfolio manager, "ET" Eastern time; not read as
     * a bare ticker.
     */
    static final Set<String> METRIC_ABBREVIATIONS = words("GM", "CM", "CP", "BN", "MM", "PE", "IB", "EM", "HY", "IG", "BV",
            "OP", "GP", "CS", "PP", "TA", "AM", "PM", "ET");

    /** The US states' postal codes: "MA", "MS", "MO" are states as often as they are tickers. */
    static final Set<String> STATE_CODES = words("AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL",
            "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC",
            "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC");

    /** The US states' names, in lower case, as a town's name is followed by its state's. */
    static final Set<String> STATE_NAMES = words("alabama", "alaska", "arizona", "arkansas", "california", "colorado",
            "connecticut", "delaware", "florida", "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas",
            "kentucky", "louisiana", "maine", "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri",
            "montana", "nebraska", "nevada", "new hampshire", "new jersey", "new mexico", "new york", "north carolina",
            "north dakota", "ohio", "oklahoma", "oregon", "pennsylvania", "rhode island", "south carolina", "south dakota",
            "tennessee", "texas", "utah", "vermont", "virginia", "washington", "west virginia", "wisconsin", "wyoming");

    /** Words that make a state's code the state: "MA sales tax", "NY residents", "CA law". */
    static final Set<String> STATE_CONTEXT = words("tax", "taxes", "state", "law", "laws", "legislature", "residents",
            "resident", "medicaid", "budget", "governor", "municipal", "county", "counties", "statute", "regulators",
            "voters", "unemployment", "minimum", "wage", "wages");

    /**
     * Words of medicine, in which two capitals are a disease or a measure ("MS" multiple sclerosis, "RA", "AD", "HF"),
     * not a bank: a bare two-letter ticker is not read in a question that holds one.
     */
    static final Set<String> CLINICAL_WORDS = words("patient", "patients", "drug", "drugs", "therapy", "therapies",
            "treatment", "treatments", "trial", "trials", "disease", "diseases", "indication", "indications", "clinical",
            "prescriptions", "prescription", "relapsing", "sclerosis", "dose", "dosing", "fda", "biosimilar", "biosimilars",
            "vaccine", "vaccines", "antibiotic", "antibiotics", "infection", "infections", "outpatient", "inpatient",
            "diagnosis", "symptoms");

    /**
     * Diseases medicine writes in three capitals or more that are listed tickers too ("UTI" is Universal Technical
     * Institute, "AMD" Advanced Micro Devices, "HCC" Warrior Met Coal): in a question that holds a word of medicine
     * ({@link #CLINICAL_WORDS}) they are the disease, as a bare two-letter ticker is ("MS" beside "patients").
     */
    static final Set<String> DISEASE_ABBREVIATIONS = words("UTI", "UTIS", "AMD", "COPD", "CKD", "NASH", "MASH", "HIV", "RSV",
            "ALS", "ADHD", "IBD", "IBS", "GERD", "DVT", "CHF", "BPH", "HCC", "NSCLC", "SCLC", "AML", "CLL", "CML", "DLBCL",
            "MDD", "PTSD", "TBI", "GVHD", "PAH", "SMA", "DMD", "AFIB", "CAD", "PAD", "OUD", "HPV", "CMV", "HBV", "HCV");

    /**
     * Words that only hold a sentence together (prepositions, articles, pronouns, auxiliaries): in lower case never
     * a company's name, whatever business words follow ("impact on gross margin" is not On Holding).
     */
    static final Set<String> FUNCTION_WORDS = words(
            "a", "an", "the", "and", "or", "but", "nor", "so", "yet", "if", "as", "than", "then", "that", "this", "these",
            "those", "on", "in", "at", "by", "for", "of", "to", "up", "off", "out", "over", "under", "with", "from", "into",
            "onto", "per", "via", "vs", "it", "its", "we", "us", "our", "you", "your", "they", "their", "he", "she", "his",
            "her", "i", "me", "my", "all", "any", "each", "every", "some", "no", "not", "both", "is", "are", "was", "were",
            "be", "been", "am", "do", "does", "did", "has", "have", "had", "can", "will", "would", "should", "could", "may",
            "might", "must", "who", "what", "when", "where", "why", "how", "which",
            // prepositions
            "about", "above", "across", "after", "against", "along", "among", "around", "before", "behind", "below", "beside",
            "between", "beyond", "despite", "during", "except", "inside", "near", "outside", "since", "through", "throughout",
            "toward", "towards", "until", "upon", "within", "without");

    /**
     * Business words that English puts after an adjective or a noun as readily as after a company's name
     * ("progressive tax", "consumer spending", "interest rate", "target market"): after a name in lower case they
     * show the company only when another business word follows.
     */
    static final Set<String> COMPOUNDING_BUSINESS_WORDS = words(
            "tax", "taxes", "spending", "cost", "costs", "price", "prices", "rate", "rates", "market", "risk", "risks", "organic",
            "plan", "plans", "trend", "trends", "performance", "numbers", "investment", "investments", "capital", "value",
            "consumer", "management", "strategy", "business", "sector", "exposure", "data", "retail",
            "commercial", "enterprise", "international", "domestic", "total", "free", "balance", "return", "returns",
            "launch", "launches", "approval", "approvals", "settlement", "settlements", "offering", "adoption", "spend", "concern",
            "reserves", "licensing", "closures", "openings", "capacity", "contracts", "certification", "prepaid", "count",
            "traffic", "yield", "yields", "drilling", "exploration");

    /**
     * Cities that begin listings' names ("Boston Scientific", "Chicago Rivet", "Houston American"): a city is the city
     * before it is any one of them.
     */
    static final Set<String> CITIES = words("boston", "chicago", "houston", "dallas", "atlanta", "denver", "seattle",
            "phoenix", "detroit", "miami", "philadelphia", "pittsburgh", "cleveland", "cincinnati", "baltimore", "portland",
            "austin", "nashville", "memphis", "louisville", "milwaukee", "minneapolis", "omaha", "tulsa", "charlotte",
            "richmond", "columbus", "indianapolis", "sacramento", "oakland", "tampa", "orlando", "jacksonville", "hartford",
            "buffalo", "rochester", "albany", "newark", "london", "paris", "tokyo", "toronto", "montreal", "vancouver",
            "sydney", "melbourne", "berlin", "frankfurt", "zurich", "geneva", "madrid", "milan", "rome", "dublin",
            "amsterdam", "stockholm", "oslo", "copenhagen", "helsinki", "vienna", "brussels", "munich", "shanghai",
            "beijing", "shenzhen", "seoul", "mumbai", "delhi", "dubai", "manila", "jakarta", "bangkok", "lima", "santiago",
            "bogota");

    /** First words of place names ("las vegas", "san diego", "fort worth"): a pair that starts with one is a place before it is a company. */
    static final Set<String> PLACE_NAME_LEADS = words("san", "santa", "los", "las", "el", "la", "le", "fort", "port", "saint", "st",
            "mount", "mt", "lake", "cape", "palm", "puerto", "new", "north", "south", "east", "west", "upper", "lower", "grand");

    /** Words that set two things side by side: a question with one asks of each ("neuroone vs zimmer growth"). */
    static final Set<String> COMPARING_WORDS = words("vs", "v", "versus", "compare", "compared", "comparison", "against",
            "relative");

    /** Words before a lower-case name that make it the subject of a question: "what did apple say", "how is target doing". */
    static final Set<String> SUBJECT_CUES = words(
            "did", "does", "do", "is", "was", "has", "had", "have", "will", "would", "should", "could", "can", "were",
            "are", "about", "vs", "versus", "than", "compare", "and");

    private static final String EVERYDAY_WORDS_RESOURCE = "/dev/scoperag/core/route/english-words.txt.gz";

    /** English words in lower case; see the resource's header. */
    static final Set<String> EVERYDAY_WORDS = load(EVERYDAY_WORDS_RESOURCE);

    /**
     * The parties an agreement names by their role, which the English list lacks, though they are no more a name than
     * "lender" is: a credit agreement's "L/C Issuer", an indenture's "Noteholder", a guarantee's "Obligor" (each once
     * taught as an alias of the filer whose exhibits capitalise them).
     */
    private static final Set<String> PARTIES_TO_A_CONTRACT = Set.copyOf(Stream.of("issuer", "co-issuer", "licensor",
            "obligor", "pledgor", "indemnitee", "indemnitor", "grantor", "grantee", "assignor", "assignee", "transferor",
            "transferee", "sublessee", "sublessor", "servicer", "subservicer", "payor", "noteholder", "bondholder",
            "unitholder", "debtholder", "securityholder", "warrantholder", "lienholder", "optionee", "awardee")
            .flatMap(w -> Stream.of(w, w + "s")).toList());

    private static final String ENGLISH_COMPOUNDS_RESOURCE = "/dev/scoperag/core/route/english-compounds.txt.gz";

    /** English compounds of two words, "apple pie", "progressive tax", "box office"; see the resource's header. */
    static final Set<String> ENGLISH_COMPOUNDS = load(ENGLISH_COMPOUNDS_RESOURCE);

    private static final String VERBS_AND_MODIFIERS_RESOURCE = "/dev/scoperag/core/route/english-verbs-modifiers.txt.gz";

    /** English words that can be a verb, an adjective or an adverb; see the resource's header. */
    static final Set<String> VERBS_AND_MODIFIERS = load(VERBS_AND_MODIFIERS_RESOURCE);

    private static final String PLACES_RESOURCE = "/dev/scoperag/core/route/english-places.txt.gz";

    /** Places by their English names, "uruguay", "costa rica", "macau"; see the resource's header. */
    static final Set<String> PLACES = load(PLACES_RESOURCE);

    private static final String GIVEN_NAMES_RESOURCE = "/dev/scoperag/core/route/given-names.txt.gz";

    /** People's given names, "ben", "janet", "howard"; see the resource's header. */
    static final Set<String> GIVEN_NAMES = load(GIVEN_NAMES_RESOURCE);

    /** A place's name, in any case: "Uruguay", "costa rica". */
    static boolean isPlace(String words) {
        return PLACES.contains(words.toLowerCase(Locale.ROOT));
    }

    /**
     * An English word that can only be a noun ("restrictions", "applications", "taxation"), in any of its regular forms:
     * not a verb, adjective or adverb once an -s, -es, -ed or -ing is taken off.
     */
    static boolean isOnlyANoun(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (!isEverydayWord(w) || VERBS_AND_MODIFIERS.contains(w)) {
            return false;
        }
        for (String ending : List.of("s", "es", "ed", "d", "ing")) {
            if (w.endsWith(ending) && w.length() >= ending.length() + 2) {
                String stem = w.substring(0, w.length() - ending.length());
                if (VERBS_AND_MODIFIERS.contains(stem) || (ending.equals("ing") && VERBS_AND_MODIFIERS.contains(stem + "e"))
                        || (stem.length() > 3 && stem.charAt(stem.length() - 1) == stem.charAt(stem.length() - 2)
                                && VERBS_AND_MODIFIERS.contains(stem.substring(0, stem.length() - 1)))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Set<String> load(String resource) {
        Set<String> loaded = new HashSet<>();
        try (InputStream in = Vocabulary.class.getResourceAsStream(resource)) {
            if (in == null) {
                return Set.of();
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    loaded.add(line.trim().toLowerCase(Locale.ROOT));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Set.copyOf(loaded);
    }

    private static final String RARE_WORDS_RESOURCE = "/dev/scoperag/core/route/english-words-rare.txt.gz";

    /** English words a smaller list leaves out; see the resource's header. */
    private static final Set<String> RARE_WORDS = load(RARE_WORDS_RESOURCE);

    /**
     * An English word of the larger list only ("snapdragon", "supercharger"): in lower case a name that is one is still
     * more likely the name than the word, as a coined word is.
     */
    static boolean isRareWord(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return RARE_WORDS.contains(w) && !COMMON_WORDS.contains(w) && !PARTIES_TO_A_CONTRACT.contains(w);
    }

    /** A word of ordinary English ("apple", "visa", "outlook"), so that in lower case it is not a name by itself. */
    static boolean isEverydayWord(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return EVERYDAY_WORDS.contains(w) || COMMON_WORDS.contains(w) || PARTIES_TO_A_CONTRACT.contains(w);
    }

    /** The two words make an English compound, the second maybe in the plural: "apple pie", "carrier pigeons". */
    static boolean isEnglishCompound(String first, String second) {
        String head = first.toLowerCase(Locale.ROOT) + " ";
        String w = second.toLowerCase(Locale.ROOT);
        return ENGLISH_COMPOUNDS.contains(head + w) || (w.length() > 3 && w.endsWith("s")
                && (ENGLISH_COMPOUNDS.contains(head + w.substring(0, w.length() - 1))
                        || (w.endsWith("es") && ENGLISH_COMPOUNDS.contains(head + w.substring(0, w.length() - 2)))));
    }

    static boolean isBusinessWord(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return BUSINESS_WORDS.contains(w) || isPeriodNumber(w);
    }

    /** A word of business English makes no compound of with the word before it: "revenue", "comps"; not "rate", "tax". */
    static boolean isBusinessWordAfterAnyWord(String word) {
        return isBusinessWord(word) && !COMPOUNDING_BUSINESS_WORDS.contains(word);
    }

    /** A word of letters only, {@code minLength} long at least, that no English list holds: "hillshire", "gladstone". */
    static boolean isCoinedWord(String word, int minLength) {
        return word.length() >= minLength && word.chars().allMatch(Character::isLetter) && !isEverydayWord(word);
    }

    /** A year or quarter with its figures: "2024", "fy24", "q3'24". */
    static boolean isPeriodNumber(String word) {
        return PERIOD_NUMBER.matcher(word.toLowerCase(Locale.ROOT)).matches();
    }

    private static final Pattern PERIOD_NUMBER = Pattern.compile("(fy|q[1-4])?'?\\d{2,4}");

    private static Set<String> words(String... words) {
        return Set.copyOf(List.of(words));
    }

    static boolean isCommonWord(String word) {
        return COMMON_WORDS.contains(word.toLowerCase(Locale.ROOT));
    }

    /**
     * Words of the trade no English list holds, written in lower case, that are also listed tickers of four letters or more
     * ("asic" is ASIC's, "defi" DeFi Technologies', "paas" Pan American Silver's): in lower case they
     * are the trade's word, not the ticker.
     */
    static final Set<String> TRADE_WORDS_IN_LOWER_CASE = Set.of("acls", "apac", "asic", "asics", "defi", "gpus", "hodl", "oled",
            "paas", "iaas", "psus", "rsus", "rmbs", "cmbs", "snda", "uavs", "fpga", "lidar", "genai", "nand", "dram", "sram",
            "cmos", "mems", "nfts", "cbdc", "clos", "cdos", "bdcs", "reits", "spacs", "etfs", "ipos", "mlps", "gses", "tbas",
            "heloc", "nols", "opeb", "espp", "ebita", "nopat", "rotce", "fcff", "fcfe", "kpis", "okrs", "dapps", "evtol",
            // agencies written in lower case: "cms final rule" is Medicare's
            "cms", "cfpb", "fdic", "finra", "nhtsa", "osha", "ferc",
            // the trade's molecules and devices: "mrna vaccine demand", "adc payload supply", "leds replacing tubes"
            "mrna", "adc", "adcs", "leds",
            // a letter English puts before a word of its own: electronic, internet
            "ecommerce", "ebusiness", "ebook", "ebooks", "esports", "egaming", "igaming", "ewallet", "ewallets", "etailer",
            "etailers", "emobility",
            // the trade's clipped words the English list lacks: "fair value accounting for crypto" is the assets'
            "crypto", "cryptos", "fintech", "fintechs", "insurtech", "proptech");

    static boolean isTradeWordInLowerCase(String word) {
        return TRADE_WORDS_IN_LOWER_CASE.contains(word);
    }

    /** Words that make a place's name of the word before them: "Mekong Delta", "Napa Valley", "Amazon rainforest". */
    private static final Set<String> KINDS_OF_PLACE = words("delta", "valley", "city", "river", "lake", "lakes", "bay",
            "island", "islands", "mountain", "mountains", "canyon", "creek", "falls", "harbor", "harbour", "county",
            "peninsula", "basin", "gulf", "coast", "desert", "rainforest", "sea", "ocean", "strait", "hills", "plains",
            "springs", "glacier");

    /** A word that names a kind of place after its name: "basin", "valley", "river". */
    static boolean isKindOfPlace(String word) {
        return KINDS_OF_PLACE.contains(word);
    }

    static boolean isAcronym(String upperToken) {
        return ACRONYMS.contains(upperToken);
    }

    /**
     * An abbreviation every filer writes ("CEO", "SEC"), which names no segment of a filer's own: the acronyms but a
     * trade's abbreviations of a line of business, which a filing that defines one uses for a segment of its own
     * ("Corporate & Investment Bank (CIB)" in JPMorgan's), though bare in a question it is the line, not a ticker.
     */
    static boolean isEveryFilersAcronym(String upperToken) {
        return ACRONYMS.contains(upperToken) && !LINES_OF_BUSINESS_ABBREVIATED.contains(upperToken);
    }

    private static final Set<String> LINES_OF_BUSINESS_ABBREVIATED = Set.of("CIB");

    static boolean isGenericNameWord(String normalizedToken) {
        return GENERIC_NAME_WORDS.contains(normalizedToken);
    }
}
