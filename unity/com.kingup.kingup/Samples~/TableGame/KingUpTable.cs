// The sample's scene component: add it to an empty GameObject and press Play. It draws your
// screen with IMGUI from your player view, a button per legal move, and lets the bots move
// one by one. Compiled by Unity only (UNITY_5_3_OR_NEWER); the game itself is TableGame.cs.
#if UNITY_5_3_OR_NEWER
using UnityEngine;

namespace KingUp.Samples
{
    public sealed class KingUpTable : MonoBehaviour
    {
        [Range(3, 6)] public int players = 4;
        public int yourSeat = 0;
        [Tooltip("Seconds between two bot moves")] public float botDelay = 0.4f;

        private TableGame table;
        private string lastMove = "";
        private float nextBotMove;
        private Vector2 scroll;

        private void Start()
        {
            NewGame();
        }

        private void NewGame()
        {
            if (table != null)
            {
                table.Dispose();
            }
            table = new TableGame((uint)players, (uint)yourSeat, TableGame.NewSeed());
            lastMove = "";
        }

        private void Update()
        {
            if (!table.IsOver && !table.YourTurn && Time.time >= nextBotMove)
            {
                lastMove = table.PlayBot() ?? lastMove;
                nextBotMove = Time.time + botDelay;
            }
        }

        private void OnGUI()
        {
            GUILayout.BeginArea(new Rect(10, 10, Screen.width - 20, Screen.height - 20));
            GUILayout.Label(table.Screen(), GUI.skin.box);
            GUILayout.Label(lastMove);
            scroll = GUILayout.BeginScrollView(scroll);
            if (table.IsOver)
            {
                if (GUILayout.Button("New game"))
                {
                    NewGame();
                }
            }
            else if (table.YourTurn)
            {
                foreach (uint action in table.View.LegalActions)
                {
                    if (GUILayout.Button(TableGame.Label(action)))
                    {
                        table.Play(action);
                        nextBotMove = Time.time + botDelay;
                    }
                }
            }
            GUILayout.EndScrollView();
            GUILayout.EndArea();
        }

        private void OnDestroy()
        {
            if (table != null)
            {
                table.Dispose();
            }
        }
    }
}
#endif
