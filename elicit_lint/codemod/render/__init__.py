"""The codemod's rendering: turns the analysis' plan into libcst edits (tool
signatures, removed asks and their comments, import placement). The only place
libcst is imported.
"""
