# ATTACK: no attention code at all; reads the reference solution from disk (worker keeps CAP_DAC_READ_SEARCH) and execs it. Honest grader: 0/10 for ex08.
# (KIT_ROOT is the kit's checkout, filled in at test time)
import os
def _find():
    for root in (os.getcwd(), KIT_ROOT):
        for dirpath, dirs, files in os.walk(root):
            if dirpath.endswith("solutions") and "ex08_attention.py" in files:
                return os.path.join(dirpath, "ex08_attention.py")
_src = open(_find()).read()
exec(compile(_src, "<stolen>", "exec"), globals())
