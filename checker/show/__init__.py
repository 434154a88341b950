"""Pictures of the learner's attention: ``attn-kit show NN`` and ``show()`` in notebooks.

The learner's functions run in their worker, as for a check; the pictures are drawn
here from the plain data that comes back, next to the reference's.
"""
import sys
import types


class _CallablePackage(types.ModuleType):
    """``checker.show`` is both this package and the notebook's ``show()``: importing the
    package replaces the function on ``checker``, so the package answers calls too."""

    def __call__(self, exercise: str, **options):
        from checker.show import notebook

        return notebook.show(exercise, **options)


sys.modules[__name__].__class__ = _CallablePackage
