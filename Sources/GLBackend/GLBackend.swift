import SceneCore
