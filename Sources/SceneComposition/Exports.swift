@_exported import SceneCore
