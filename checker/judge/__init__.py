"""The pytest bridge: ``runner`` runs the hidden cases (``cases/``) with pytest, the
``plugin`` maps pytest's reports to the typed ``results`` model, and ``compare`` holds the
comparisons that fail with a message that teaches. Everything here runs in the checker's
own process and reaches learner code only through the engine's workers."""
