print("scenecore-bench")
