"""The desktop user interface: the only package that imports pygame.

Foundations shared by every scene: assets and fonts, generated card and
table art, sounds loaded from assets/sounds, the i18n string table, tweens, the scene
stack, widgets and the logical display that takes the window's shape. Nothing here runs at
import time beyond defining constants; callers initialise pygame.
"""
