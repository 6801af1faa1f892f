"""Arabic number formats: our pages use Western digits, so a decimal point as in the rules
pages (12.5, not Django's default 12,5 for Arabic)."""

DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
