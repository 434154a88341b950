"""Pictures of the learner's attention: ``attn-kit show NN`` and ``show()`` in notebooks.

The learner's functions run in their worker, as for a check; the pictures are drawn
here from the plain data that comes back, next to the reference's. (The package is not
called ``show``: importing it would replace the notebook's ``checker.pictures`` function.)
"""
