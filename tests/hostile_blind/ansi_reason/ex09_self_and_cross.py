# ATTACK: error text with terminal escape sequences, CR/LF, CSV delimiters and a leading formula, raised at load time, to forge the summary/CSV. Honest grader: 0/10 for ex09, escapes neutralised in CSV and console.
raise RuntimeError("\x1b[2J\x1b[H\x1b]0;pwned\x07\r=HYPERLINK(\"http://x\")\",\"10\",\"100\"\nALL GOOD 100/100 \x1b[32mok\x1b[0m")
