using System;
using System.Runtime.InteropServices;

namespace KingUp
{
    /// <summary>Owns one native game handle and frees it exactly once, by Dispose or by the
    /// finalizer, also when an exception interrupts the caller.</summary>
    public sealed class GameHandle : SafeHandle
    {
        public GameHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        /// <summary>Takes ownership of a handle the library just made. The SafeHandle is
        /// allocated before the native call, so nothing can fail between the two.</summary>
        internal void Adopt(IntPtr raw)
        {
            SetHandle(raw);
        }

        protected override unsafe bool ReleaseHandle()
        {
            NativeMethods.kingup_game_free((KingupGame*)handle);
            return true;
        }
    }

    /// <summary>Owns one native bot handle and frees it exactly once.</summary>
    public sealed class BotHandle : SafeHandle
    {
        public BotHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        internal void Adopt(IntPtr raw)
        {
            SetHandle(raw);
        }

        protected override unsafe bool ReleaseHandle()
        {
            NativeMethods.kingup_bot_free((KingupBot*)handle);
            return true;
        }
    }

    /// <summary>A handle kept alive for the length of a native call: while a lease is held
    /// the SafeHandle cannot be released (not even by its finalizer), and a disposed handle
    /// cannot be leased (ObjectDisposedException instead of a dangling pointer).</summary>
    internal struct Lease : IDisposable
    {
        private readonly SafeHandle owner;
        private readonly bool added;
        internal readonly IntPtr Pointer;

        internal Lease(SafeHandle owner)
        {
            this.owner = owner;
            added = false;
            owner.DangerousAddRef(ref added);
            Pointer = owner.DangerousGetHandle();
        }

        public void Dispose()
        {
            if (added)
            {
                owner.DangerousRelease();
            }
        }
    }
}
